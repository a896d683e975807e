package io.agentloop.launcher;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what in a project's build and tests points outside the project's folder: every
 * {@code pom.xml}, the {@code dev} script, the files in {@code .ci/}, and the Java sources under
 * {@code src/test} (and the benchmarks', which {@code ./dev} runs). Two kinds of reference count:
 * the shared folder that once sat beside the project (by name, however the path is spelled), and a
 * path with {@code ..} segments that, resolved where the build resolves it, lands above the root.
 * A clone must build and pass its tests with nothing beside it.
 */
final class OutsideReferences {
    /** The old shared folder, spelled as a path, or as segments given one by one to Path.of or resolve. */
    private static final List<Pattern> SHARED_FOLDER = List.of(
            Pattern.compile("\\.\\./shared\\b"),
            Pattern.compile("\\bshared/(?:fixtures|models)\\b"),
            Pattern.compile("\"shared\"[\\s,).]*(?:resolve\\(\\s*)?\"(?:fixtures|models)\""));
    /** Where a path in a build file or a script splits from its neighbours. */
    private static final Pattern DELIMITERS = Pattern.compile("[\\s\"'<>=();|&,\\[\\]{}]+");
    /** A Path.of, Paths.get or new File whose arguments are all string literals. */
    private static final Pattern LITERAL_PATH = Pattern.compile(
            "(?:Path\\.of|Paths\\.get|new File)\\(\\s*(\"(?:[^\"\\\\]|\\\\.)*\"(?:\\s*,\\s*\"(?:[^\"\\\\]|\\\\.)*\")*)\\s*\\)");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final String ROOT = "@ROOT@";
    private static final String HERE = "@HERE@";
    private static final Set<String> SKIPPED_FOLDERS = Set.of("target", ".git", "node_modules");

    private final Path root;

    OutsideReferences(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** One line per reference: the file (relative to the root), its line, and what was wrong. */
    List<String> find() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : scannedFiles()) {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                for (String problem : problems(file, lines.get(i))) {
                    found.add(root.relativize(file) + ":" + (i + 1) + ": " + problem);
                }
            }
        }
        return found;
    }

    private List<Path> scannedFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                String name = dir.equals(root) ? "" : dir.getFileName().toString();
                boolean hidden = name.startsWith(".") && !name.equals(".ci") && !name.equals(".mvn");
                return hidden || SKIPPED_FOLDERS.contains(name) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile() && scanned(file)) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        files.sort(null);
        return files;
    }

    private boolean scanned(Path file) {
        String relative = root.relativize(file).toString().replace('\\', '/');
        return file.getFileName().toString().equals("pom.xml") || relative.equals("dev") || relative.startsWith(".ci/")
                || relative.endsWith(".java") && (relative.contains("/src/test/") || relative.startsWith("distribution/bench/"));
    }

    private List<String> problems(Path file, String line) {
        List<String> problems = new ArrayList<>();
        for (Pattern shared : SHARED_FOLDER) {
            Matcher matcher = shared.matcher(line);
            if (matcher.find()) {
                problems.add("names the shared folder beside the project (" + matcher.group() + ")");
            }
        }
        if (file.getFileName().toString().endsWith(".java")) {
            javaPathsAbove(file, line, problems);
        } else {
            buildPathsAbove(file, line, problems);
        }
        return problems;
    }

    /** Build files resolve against their own folder, scripts against the root they change into. */
    private void buildPathsAbove(Path file, String line, List<String> problems) {
        boolean pom = file.getFileName().toString().equals("pom.xml");
        Path here = file.getParent();
        String text = line.replace("${maven.multiModuleProjectDirectory}", ROOT)
                .replace("${project.basedir}", HERE).replace("${basedir}", HERE).replace("$(dirname \"$0\")", HERE);
        for (String token : DELIMITERS.split(text)) {
            if (!hasParentSegment(token) || token.startsWith("$")) {
                continue; // no way up, or relative to something only known when it runs
            }
            Path resolved = token.startsWith(ROOT) ? root.resolve(strip(token, ROOT))
                    : token.startsWith(HERE) ? here.resolve(strip(token, HERE))
                    : (pom ? here : root).resolve(token);
            report(token, resolved, problems);
        }
    }

    /** Tests run in their module's folder, so a relative path there resolves against it. */
    private void javaPathsAbove(Path file, String line, List<String> problems) {
        Path module = moduleOf(file);
        Matcher call = LITERAL_PATH.matcher(line);
        while (call.find()) {
            List<String> segments = new ArrayList<>();
            Matcher literal = LITERAL.matcher(call.group(1));
            while (literal.find()) {
                segments.add(literal.group(1));
            }
            String path = String.join("/", segments);
            if (hasParentSegment(path) && !path.startsWith("/")) {
                report(call.group(), module.resolve(path), problems);
            }
        }
    }

    private void report(String reference, Path resolved, List<String> problems) {
        Path normal = resolved.toAbsolutePath().normalize();
        if (!normal.startsWith(root)) {
            problems.add("leaves the project folder (" + reference + " is " + normal + ")");
        }
    }

    private Path moduleOf(Path file) {
        for (Path dir = file.getParent(); dir != null && dir.startsWith(root); dir = dir.getParent()) {
            if (dir.getFileName() != null && dir.getFileName().toString().equals("src")) {
                return dir.getParent();
            }
        }
        return root;
    }

    private static boolean hasParentSegment(String path) {
        for (String segment : path.split("[/\\\\]")) {
            if (segment.equals("..")) {
                return true;
            }
        }
        return false;
    }

    private static String strip(String token, String placeholder) {
        String rest = token.substring(placeholder.length());
        return rest.startsWith("/") ? rest.substring(1) : rest;
    }
}
