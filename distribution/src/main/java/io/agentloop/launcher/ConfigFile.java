package io.agentloop.launcher;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * One configuration file, read and checked against {@link ConfigSchema}: its settings as dotted keys
 * (nested maps flattened, lists comma-separated), the line each key is on, and what is wrong with
 * it, one line per problem naming the file and the line: text that is not YAML or JSON, an unknown
 * key (with the known key it most likely meant), a value of the wrong type (a list of maps where
 * the schema takes none), a key set twice (the parser would silently keep only the second), a
 * second document, an alias naming no anchor ({@link ConfigTree}). Problems are collected, never
 * thrown, so that {@code config --check} can list them all, and whatever the file holds no
 * command fails with more than one line per problem.
 *
 * @param lines the line of each key, for keys of maps (not of list items)
 */
record ConfigFile(Path path, Map<String, String> values, Map<String, Integer> lines, List<String> problems) {

    /**
     * The largest file read: far above any real configuration, and far below what makes the YAML
     * parser take minutes and gigabytes (a log or a disk image named by mistake).
     */
    static final long MAX_BYTES = 1024 * 1024;

    static ConfigFile read(Path file) {
        String text;
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                return failed(file, file + " is " + megabytes(size) + ", more than a configuration file may be ("
                        + megabytes(MAX_BYTES) + "): is it the right file?");
            }
            byte[] bytes = Files.readAllBytes(file);
            Optional<String> decoded = utf8(bytes);
            if (decoded.isEmpty()) {
                return failed(file, notUtf8(file, bytes));
            }
            text = decoded.get();
        } catch (IOException | RuntimeException e) {
            return failed(file, file + " cannot be read: " + e.getMessage());
        }
        if (text.lines().map(String::strip).allMatch(line -> line.isEmpty() || line.startsWith("#"))) {
            // The shipped example is all comments: no need to start a YAML parser for it.
            return new ConfigFile(file, Map.of(), Map.of(), List.of());
        }
        boolean json = file.toString().endsWith(".json");
        ObjectMapper mapper = json ? JsonMapper.builder().build() : YAMLMapper.builder().build();
        ConfigTree tree;
        try (JsonParser parser = mapper.createParser(text)) {
            tree = ConfigTree.read(parser, file, text);
        } catch (JacksonException e) {
            return failed(file, at(file, e.getLocation()) + ": not valid " + (json ? "JSON" : "YAML") + ": "
                    + summary(e.getOriginalMessage()));
        }
        Map<String, Integer> lines = tree.lines();
        List<String> problems = new ArrayList<>(tree.problems());
        Map<String, String> values = new LinkedHashMap<>();
        tree.root().ifPresent(root -> {
            if (root.isObject()) {
                check(root, "", file, lines, problems);
                flatten("", root, values);
            } else {
                problems.add(file + " must hold a map of settings (provider: ..., model: ...), not " + found(root));
            }
        });
        return new ConfigFile(file, Collections.unmodifiableMap(values), Collections.unmodifiableMap(lines),
                List.copyOf(problems));
    }

    private static Optional<String> utf8(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /** Where the first byte that is not UTF-8 is: the line, and its offset in the file. */
    private static String notUtf8(Path file, byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(in, CharBuffer.allocate(bytes.length), true);
        int offset = in.position();
        int line = 1;
        for (int i = 0; i < offset; i++) {
            line += bytes[i] == '\n' ? 1 : 0;
        }
        return file + ":" + line + ": not UTF-8 text (byte " + offset + " is 0x" + String.format("%02X",
                bytes[offset] & 0xFF) + "): a configuration file is YAML or JSON text in UTF-8; is it the right file?";
    }

    private static String megabytes(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024.0));
    }

    private static ConfigFile failed(Path file, String problem) {
        return new ConfigFile(file, Map.of(), Map.of(), List.of(problem));
    }

    /** Checks the keys of a map whose own key is {@code prefix} (empty for the file's top level). */
    private static void check(JsonNode map, String prefix, Path file, Map<String, Integer> lines,
                              List<String> problems) {
        for (Map.Entry<String, JsonNode> property : map.properties()) {
            String key = prefix.isEmpty() ? property.getKey() : prefix + "." + property.getKey();
            JsonNode value = property.getValue();
            String at = Optional.ofNullable(lines.get(key)).map(line -> file + ":" + line).orElse(file.toString());
            Optional<ConfigSchema.Rule> rule = ConfigSchema.rule(key);
            if (rule.isPresent()) {
                Optional<String> mismatch = rule.get().mismatch(value);
                mismatch.ifPresent(expected -> problems.add(at + ": " + key + ": expected " + expected + ", found "
                        + found(value)));
                if (mismatch.isEmpty() && rule.get().type() == ConfigSchema.Type.SETTINGS) {
                    checkSettings(value, key, file, lines, problems);
                }
            } else if (ConfigSchema.section(key)) {
                if (value.isObject()) {
                    check(value, key, file, lines, problems);
                } else if (!value.isNull()) {
                    List<String> inside = ConfigSchema.names(key);
                    problems.add(at + ": " + key + ": expected a map (" + String.join(", ", inside.isEmpty()
                            ? ConfigSchema.patterns(key) : inside) + "), found " + found(value));
                }
            } else if (!ConfigSchema.free(key)) {
                problems.add(at + ": unknown key '" + key + "'" + ConfigSchema.nearest(key)
                        .map(near -> "; did you mean '" + near + "'?")
                        .orElseGet(() -> "; known keys here: " + String.join(", ", ConfigSchema.neighbours(key))));
            }
        }
    }

    /**
     * Checks the values inside an extension's own settings ({@code providers.<id>},
     * {@code mcp.servers.<name>}...), whose keys the extension checks: none of them takes a list
     * of maps or of lists, which could only be misread as text.
     */
    private static void checkSettings(JsonNode map, String prefix, Path file, Map<String, Integer> lines,
                                      List<String> problems) {
        for (Map.Entry<String, JsonNode> property : map.properties()) {
            String key = prefix + "." + property.getKey();
            JsonNode value = property.getValue();
            if (value.isObject()) {
                checkSettings(value, key, file, lines, problems);
            } else if (value.isArray() && !singleValues(value)) {
                problems.add(Optional.ofNullable(lines.get(key)).map(line -> file + ":" + line)
                        .orElse(file.toString()) + ": " + key + ": expected a single value, a list of single values "
                        + "or a map, found " + found(value));
            }
        }
    }

    /** Whether a list holds only single values (no map, list or empty item), as every list setting must. */
    static boolean singleValues(JsonNode list) {
        return list.valueStream().allMatch(item -> item.isValueNode() && !item.isNull());
    }

    /** A value as an error shows what was found: "a map", "a list holding a map", "'many'". */
    static String found(JsonNode value) {
        if (value.isObject()) {
            return "a map";
        }
        if (value.isArray()) {
            return value.valueStream().filter(item -> item.isContainer() || item.isNull()).findFirst()
                    .map(item -> "a list holding " + (item.isObject() ? "a map" : item.isArray() ? "a list"
                            : "an empty item")).orElse("a list");
        }
        return value.isNull() ? "nothing" : "'" + value.asString() + "'";
    }

    private static String at(Path file, TokenStreamLocation location) {
        return location == null || location.getLineNr() < 1 ? file.toString() : file + ":" + location.getLineNr();
    }

    /** A parser's message on one line: the YAML parser's quoted excerpts and carets left out. */
    private static String summary(String message) {
        List<String> kept = new ArrayList<>();
        List<String> lines = message.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("in reader") || line.startsWith("in 'reader'")) {
                i += 2; // the excerpt and the caret under it
            } else if (!line.isEmpty()) {
                kept.add(line);
            }
        }
        return String.join(": ", kept);
    }

    /** The settings as dotted keys: nested maps flattened, lists joined by commas. */
    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                flatten(prefix.isEmpty() ? property.getKey() : prefix + "." + property.getKey(), property.getValue(), out);
            }
        } else if (node.isArray()) {
            if (singleValues(node)) { // anything else is a problem already, and is left out
                out.put(prefix, String.join(",", node.valueStream().map(JsonNode::asString).toList()));
            }
        } else if (!node.isNull()) {
            out.put(prefix, node.asString());
        }
    }
}
