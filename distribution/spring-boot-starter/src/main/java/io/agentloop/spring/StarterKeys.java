package io.agentloop.spring;

import io.agentloop.core.text.Nearest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code agentloop.*} keys there are, and which of them the starter reads. The keys are the
 * launcher's: the starter's configuration metadata ({@code META-INF/spring-configuration-metadata.json})
 * is written from the launcher's schema, every key with its help and default, and read back here.
 * The keys read are those {@link AgentloopProperties} binds, and each plugin's own settings.
 */
final class StarterKeys {
    private static final String METADATA = "META-INF/spring-configuration-metadata.json";
    private static final String PREFIX = "agentloop.";

    /** Known keys without the prefix ({@code run.max-iterations}, {@code tools.*.cache}), in the metadata's order. */
    private final List<String> known;
    /** Known keys whose value is a map of free settings ({@code providers}, {@code mcp}). */
    private final Set<String> maps;
    /** Keys the starter reads, and the maps it reads whole. */
    private final Set<String> read;
    private final Set<String> readMaps;

    private StarterKeys(List<String> known, Set<String> maps, Set<String> read, Set<String> readMaps) {
        this.known = List.copyOf(known);
        this.maps = Set.copyOf(maps);
        this.read = Set.copyOf(read);
        this.readMaps = Set.copyOf(readMaps);
    }

    /** From the metadata on the class path (the starter's) and from {@link AgentloopProperties}. */
    static StarterKeys load() {
        List<String> known = new ArrayList<>();
        Set<String> maps = new LinkedHashSet<>();
        JsonMapper json = JsonMapper.builder().build();
        try {
            for (URL file : Collections.list(StarterKeys.class.getClassLoader().getResources(METADATA))) {
                try (InputStream in = file.openStream()) {
                    for (JsonNode property : json.readTree(in).path("properties")) {
                        String name = property.path("name").asString("");
                        if (name.startsWith(PREFIX)) {
                            known.add(name.substring(PREFIX.length()));
                            if (property.path("type").asString("").startsWith("java.util.Map")) {
                                maps.add(name.substring(PREFIX.length()));
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (known.isEmpty()) {
            throw new IllegalStateException(METADATA + " with the agentloop keys is missing from the starter's jar: rebuild it");
        }
        Set<String> read = new LinkedHashSet<>();
        Set<String> readMaps = new LinkedHashSet<>(Set.of("plugins")); // each plugin's own settings (PluginSettings)
        bound("", AgentloopProperties.class, read, readMaps);
        return new StarterKeys(known, maps, read, readMaps);
    }

    /** The keys of a record's components, a nested record's below its name, a map's as a map read whole. */
    private static void bound(String prefix, Class<?> type, Set<String> read, Set<String> readMaps) {
        for (RecordComponent component : type.getRecordComponents()) {
            String key = prefix + kebab(component.getName());
            if (component.getType().isRecord()) {
                bound(key + ".", component.getType(), read, readMaps);
            } else if (Map.class.isAssignableFrom(component.getType())) {
                readMaps.add(key);
            } else {
                read.add(key);
            }
        }
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /**
     * Refuses the {@code agentloop.*} keys of the application's configuration that the starter does
     * not read: a misspelled key, or a launcher's key it does not act on, would otherwise do nothing
     * while the application's author believes in it. Environment variables are left out: their names
     * do not keep a key's dashes, so they cannot be told apart from a misspelling.
     *
     * @throws StartupRefusal naming each such key, and the key a misspelled one most likely meant
     */
    void require(Environment environment) {
        if (!(environment instanceof ConfigurableEnvironment configurable)) {
            return;
        }
        Set<String> problems = new LinkedHashSet<>();
        for (PropertySource<?> source : configurable.getPropertySources()) {
            if (source instanceof EnumerablePropertySource<?> names && !(source instanceof SystemEnvironmentPropertySource)) {
                for (String name : names.getPropertyNames()) {
                    if (name.startsWith(PREFIX)) {
                        problem(name).ifPresent(problems::add);
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new StartupRefusal(String.join("; ", problems), "Correct or remove these keys of the application's "
                    + "configuration (the keys: docs/configuration.md; what the starter reads: docs/library.md)");
        }
    }

    /**
     * What is wrong with one key the application sets ({@code agentloop.run.max-iteration}), in one
     * line; empty when the starter reads it.
     */
    Optional<String> problem(String property) {
        String key = property.substring(PREFIX.length());
        if (matchesAny(key, read, readMaps)) {
            return Optional.empty();
        }
        if (matchesAny(key, Set.copyOf(known), maps)) {
            return Optional.of(property + " is a key of the launcher's that the starter does not read: "
                    + "leave it out, or do what it does in an AgentBuilderCustomizer bean");
        }
        return Optional.of(property + " is not an Agentloop key" + nearest(key)
                .map(near -> "; did you mean " + PREFIX + near + "?")
                .orElse(" (the keys are the launcher's: docs/configuration.md)"));
    }

    /** The known key a misspelled one most likely meant: among its section's keys when it is in a known section. */
    private Optional<String> nearest(String key) {
        int dot = key.lastIndexOf('.');
        String section = dot < 0 ? "" : key.substring(0, dot + 1);
        List<String> siblings = known.stream().filter(k -> !k.contains("*") && k.startsWith(section)
                && k.indexOf('.', section.length()) < 0).toList();
        if (!section.isEmpty() && !siblings.isEmpty()) {
            return Nearest.to(key.substring(section.length()), siblings.stream().map(k -> k.substring(section.length()))
                    .toList()).map(name -> section + name);
        }
        return Nearest.to(key, known.stream().filter(k -> !k.contains("*")).toList());
    }

    private static boolean matchesAny(String key, Set<String> keys, Set<String> mapsOf) {
        String flat = flat(key);
        for (String map : mapsOf) {
            if (flat.startsWith(flat(map) + ".")) {
                return true;
            }
        }
        return keys.stream().anyMatch(known -> matches(flat(known), flat));
    }

    /** Spring's relaxed form of a key: no dashes or underscores, lower case, list indexes left out. */
    static String flat(String key) {
        return key.replaceAll("\\[\\d+]", "").replaceAll("\\[([^]]+)]", ".$1").replace("-", "").replace("_", "")
                .toLowerCase(Locale.ROOT);
    }

    private static boolean matches(String pattern, String key) {
        String[] p = pattern.split("\\.", -1);
        String[] k = key.split("\\.", -1);
        if (p.length != k.length) {
            return false;
        }
        for (int i = 0; i < p.length; i++) {
            if (!p[i].equals("*") && !p[i].equals(k[i])) {
                return false;
            }
        }
        return true;
    }
}
