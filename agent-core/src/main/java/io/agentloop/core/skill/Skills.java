package io.agentloop.core.skill;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Skills: specialised knowledge an agent loads when it needs it, in the Agent Skills layout other
 * agents read: a folder per skill holding a {@code SKILL.md} whose front matter gives its
 * {@code name} and a one-line {@code description}, followed by the body (instructions), and any
 * files the body refers to.
 *
 * <pre>
 * skills/pdf-forms/SKILL.md
 *   ---
 *   name: pdf-forms
 *   description: Fills in PDF forms; use when asked to complete a form.
 *   ---
 *   To fill a form, first list its fields with ...
 * </pre>
 *
 * Only names and descriptions go into the system prompt; the {@link SkillTool} reads a body when
 * the model asks for it. A folder whose {@code SKILL.md} is malformed is one problem line and is
 * left out; the first folder to define a name keeps it.
 */
public final class Skills {
    private final Map<String, Skill> skills;
    private final List<String> problems;

    /** One skill: its folder and what its front matter says. */
    public record Skill(String name, String description, Path folder) {
        /** The body of its {@code SKILL.md}: everything after the front matter. */
        public String body() throws IOException {
            return split(Files.readString(folder.resolve(FILE))).orElseThrow().body();
        }
    }

    static final String FILE = "SKILL.md";

    private Skills(Map<String, Skill> skills, List<String> problems) {
        this.skills = skills;
        this.problems = List.copyOf(problems);
    }

    /** The skills in these folders (each a folder of skill folders); folders that do not exist are skipped. */
    public static Skills in(List<Path> roots) {
        Map<String, Skill> found = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            List<Path> folders;
            try (Stream<Path> entries = Files.list(root)) {
                folders = entries.filter(f -> Files.isRegularFile(f.resolve(FILE))).sorted().toList();
            } catch (IOException e) {
                problems.add("skills folder " + root + " cannot be read: " + e.getMessage());
                continue;
            }
            for (Path folder : folders) {
                read(folder, problems).ifPresent(skill -> {
                    if (found.putIfAbsent(skill.name(), skill) != null) {
                        problems.add(folder.resolve(FILE) + ": the skill '" + skill.name() + "' is already defined by "
                                + found.get(skill.name()).folder().resolve(FILE) + "; this one is left out");
                    }
                });
            }
        }
        return new Skills(found, problems);
    }

    public List<Skill> all() {
        return List.copyOf(skills.values());
    }

    public Optional<Skill> get(String name) {
        return Optional.ofNullable(skills.get(name));
    }

    public boolean isEmpty() {
        return skills.isEmpty();
    }

    /** One line per skill folder that was left out, naming the file and what to fix. */
    public List<String> problems() {
        return problems;
    }

    /** The lines for the system prompt: each skill's name and description, and how to load one. */
    public String prompt() {
        StringBuilder text = new StringBuilder("Skills: specialised instructions you can load with the skill tool "
                + "when a task needs one:");
        skills.values().forEach(s -> text.append("\n- ").append(s.name()).append(": ").append(s.description()));
        return text.toString();
    }

    private record Parts(Map<String, String> front, String body) {
    }

    private static Optional<Skill> read(Path folder, List<String> problems) {
        Path file = folder.resolve(FILE);
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            problems.add(file + " cannot be read: " + e.getMessage());
            return Optional.empty();
        }
        Optional<Parts> parts = split(text);
        if (parts.isEmpty()) {
            problems.add(file + " has no front matter: start it with lines '---', 'name: <name>', 'description: "
                    + "<when to use it>', '---'; the skill is left out");
            return Optional.empty();
        }
        String name = parts.get().front().getOrDefault("name", "");
        String description = parts.get().front().getOrDefault("description", "");
        if (name.isEmpty() || description.isEmpty()) {
            problems.add(file + " has no " + (name.isEmpty() ? "name" : "description") + " in its front matter; the "
                    + "skill is left out");
            return Optional.empty();
        }
        if (!name.matches("[a-z0-9][a-z0-9-]{0,63}")) {
            problems.add(file + ": the name '" + name + "' is not lower-case letters, digits and '-'; the skill is "
                    + "left out");
            return Optional.empty();
        }
        return Optional.of(new Skill(name, description, folder));
    }

    /** The front matter's {@code key: value} lines and the body, or empty without front matter. */
    private static Optional<Parts> split(String text) {
        List<String> lines = text.lines().toList();
        if (lines.isEmpty() || !lines.getFirst().strip().equals("---")) {
            return Optional.empty();
        }
        Map<String, String> front = new LinkedHashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.strip().equals("---")) {
                return Optional.of(new Parts(front, String.join("\n", lines.subList(i + 1, lines.size())).strip()));
            }
            int colon = line.indexOf(':');
            if (colon > 0 && !line.startsWith(" ")) {
                front.put(line.substring(0, colon).strip(), unquote(line.substring(colon + 1).strip()));
            }
        }
        return Optional.empty();
    }

    private static String unquote(String value) {
        return value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"")
                || value.startsWith("'") && value.endsWith("'")) ? value.substring(1, value.length() - 1) : value;
    }
}
