package io.agentloop.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLParser;

/**
 * The tree of one configuration file, built from its parser's tokens rather than by the mapper, for
 * what the mapper does not do: it records the line of every key, finds keys set twice in one map
 * (the mapper would keep the second silently), resolves YAML aliases ({@code *name}: the mapper
 * reads them as the text {@code name}) and merge keys ({@code <<: *name}), and refuses a second
 * document (the mapper fails with a message about trailing tokens). An alias naming no anchor, one
 * inside the value its anchor names, and aliases repeating more than {@value #MAX_ALIASED} values
 * are problems. Keys of maps inside lists get no line: no key of the schema takes a list of maps.
 *
 * @param root     the file's one document, empty when it holds none (nothing, comments, {@code ---})
 * @param lines    the line of each key, as a dotted path ({@code run.max-iterations})
 * @param problems one line each, naming the file and line
 */
record ConfigTree(Optional<JsonNode> root, Map<String, Integer> lines, List<String> problems) {
    /** The key YAML 1.1 gives to merging a map into the one it is in. */
    private static final String MERGE = "<<";
    /**
     * The most values aliases may add: far above any real configuration, and far below what a file
     * of aliases of aliases (each repeating the one before ten times) would make of a megabyte.
     */
    static final int MAX_ALIASED = 100_000;
    /** A node's properties, as they start its text: a tag, an anchor (kept), in either order. */
    private static final Pattern PROPERTIES = Pattern.compile("(?:![^\\s]*\\s+)?&([^\\s,\\[\\]{}]+)");

    /**
     * Reads every document of {@code parser}, which has read nothing yet and reads {@code text}
     * (where the anchors of single values are found); the parser's errors are thrown.
     */
    static ConfigTree read(JsonParser parser, Path file, String text) {
        Builder builder = new Builder(parser, file, text);
        JsonNode root = null;
        try {
            while (parser.nextToken() != null) {
                int line = line(parser);
                JsonNode document = builder.value("", true);
                if (document.isNull()) {
                    continue; // an empty document (a lone ---) says nothing
                }
                if (root == null) {
                    root = document;
                } else {
                    builder.problems.add(file + ":" + line + ": a second document starts here (after ---), and only "
                            + "the first would be read: a configuration file is one map of settings; merge the two");
                    break;
                }
            }
        } catch (Overflow e) {
            return new ConfigTree(Optional.empty(), Map.of(), List.copyOf(builder.problems));
        }
        return new ConfigTree(Optional.ofNullable(root), builder.lines, List.copyOf(builder.problems));
    }

    /** Thrown when aliases make a tree too large to read: the problem is recorded, and the file is not read on. */
    static final class Overflow extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Overflow() {
            super(null, null, false, false);
        }
    }

    private static int line(JsonParser parser) {
        return parser.currentTokenLocation().getLineNr();
    }

    /**
     * Walks the tokens once; {@code prefix} is the dotted path of the value read, and the lines of
     * its keys are kept when {@code tracked} (not inside lists, nor in what a merge key brings).
     */
    private static final class Builder {
        private final JsonParser parser;
        private final Path file;
        private final List<String> text;
        private final Map<String, Integer> lines = new LinkedHashMap<>();
        private final List<String> problems = new ArrayList<>();
        private final Map<String, JsonNode> anchors = new HashMap<>();
        /** The anchors of the maps and lists being read, which an alias inside them cannot repeat. */
        private final Set<String> opened = new HashSet<>();
        private int aliased;

        Builder(JsonParser parser, Path file, String text) {
            this.parser = parser;
            this.text = text.lines().toList();
            this.file = file;
        }

        /** The value the parser is on, read to its end; its anchor, if it has one, is kept for aliases. */
        JsonNode value(String prefix, boolean tracked) {
            if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
                return alias(yaml.getString(), prefix, tracked);
            }
            Optional<String> anchor = Optional.ofNullable(parser.getObjectId()).map(Object::toString)
                    .or(this::scalarAnchor);
            anchor.ifPresent(opened::add);
            JsonNode value = switch (parser.currentToken()) {
                case START_OBJECT -> map(prefix, tracked);
                case START_ARRAY -> list(prefix);
                default -> scalar();
            };
            anchor.ifPresent(name -> {
                opened.remove(name);
                anchors.put(name, value);
            });
            return value;
        }

        /**
         * The anchor of a single value, which the YAML parser does not give (it does for maps and
         * lists): the text where the value's node starts holds its properties, a tag and an anchor.
         */
        private Optional<String> scalarAnchor() {
            JsonToken token = parser.currentToken();
            if (!(parser instanceof YAMLParser) || !token.isScalarValue()) {
                return Optional.empty();
            }
            TokenStreamLocation at = parser.currentTokenLocation();
            if (at.getLineNr() < 1 || at.getLineNr() > text.size() || at.getColumnNr() < 1) {
                return Optional.empty();
            }
            String line = text.get(at.getLineNr() - 1);
            int i = line.offsetByCodePoints(0, Math.min(at.getColumnNr() - 1, line.codePointCount(0, line.length())));
            Matcher properties = PROPERTIES.matcher(line).region(i, line.length());
            return properties.lookingAt() ? Optional.ofNullable(properties.group(1)) : Optional.empty();
        }

        private JsonNode alias(String name, String prefix, boolean tracked) {
            JsonNode anchored = anchors.get(name);
            int line = line(parser);
            if (anchored == null) {
                problems.add(file + ":" + line + ": *" + name + (opened.contains(name) ? " is inside the value &" + name
                        + " anchors, which cannot hold itself" : " names no anchor: write &" + name + " on the value it "
                        + "repeats, above it"));
                // The file is refused for the problem; the alias's text stands in, so no other problem follows.
                return JsonNodeFactory.instance.stringNode("*" + name);
            }
            aliased += size(anchored);
            if (aliased > MAX_ALIASED) {
                problems.add(file + ":" + line + ": *" + name + ": the aliases repeat more than " + MAX_ALIASED
                        + " values; is it the right file?");
                throw new Overflow();
            }
            if (tracked) {
                keysAt(anchored, prefix, line);
            }
            return anchored.deepCopy();
        }

        private JsonNode scalar() {
            JsonNodeFactory nodes = JsonNodeFactory.instance;
            return switch (parser.currentToken()) {
                case VALUE_TRUE, VALUE_FALSE -> nodes.booleanNode(parser.getBooleanValue());
                case VALUE_NULL -> nodes.nullNode();
                case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                    case INT -> nodes.numberNode(parser.getIntValue());
                    case LONG -> nodes.numberNode(parser.getLongValue());
                    default -> nodes.numberNode(parser.getBigIntegerValue());
                };
                case VALUE_NUMBER_FLOAT -> nodes.numberNode(parser.getDecimalValue());
                case VALUE_EMBEDDED_OBJECT -> parser.getEmbeddedObject() instanceof byte[] bytes ? nodes.binaryNode(bytes)
                        : nodes.stringNode(String.valueOf(parser.getEmbeddedObject()));
                default -> nodes.stringNode(parser.getString());
            };
        }

        private static int size(JsonNode value) {
            return 1 + value.valueStream().mapToInt(Builder::size).sum();
        }

        /** The keys of an alias's or a merged map take the line of the alias. */
        private void keysAt(JsonNode value, String prefix, int line) {
            if (value.isObject()) {
                for (Map.Entry<String, JsonNode> property : value.properties()) {
                    String key = join(prefix, property.getKey());
                    lines.putIfAbsent(key, line);
                    keysAt(property.getValue(), key, line);
                }
            }
        }

        private ObjectNode map(String prefix, boolean tracked) {
            ObjectNode map = JsonNodeFactory.instance.objectNode();
            List<Merged> merged = new ArrayList<>();
            Map<String, Integer> seen = new HashMap<>();
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                String key = join(prefix, name);
                int line = line(parser);
                parser.nextToken();
                if (name.equals(MERGE) && parser instanceof YAMLParser) {
                    merge(value(key, false), key, line, merged);
                    continue;
                }
                Integer first = seen.putIfAbsent(name, line);
                if (first != null) {
                    problems.add(file + ":" + line + ": " + key + " is set a second time (first on line " + first
                            + "), and only the second would count: merge the two");
                }
                if (tracked) {
                    lines.put(key, line);
                }
                map.set(name, value(key, tracked));
            }
            // Keys written in the map win over the merged ones, wherever the merge key is.
            for (Merged from : merged) {
                for (Map.Entry<String, JsonNode> property : from.map().properties()) {
                    if (!map.has(property.getKey())) {
                        map.set(property.getKey(), property.getValue());
                        if (tracked) {
                            lines.putIfAbsent(join(prefix, property.getKey()), from.line());
                            keysAt(property.getValue(), join(prefix, property.getKey()), from.line());
                        }
                    }
                }
            }
            return map;
        }

        /** {@code <<: *name} or {@code <<: [*a, *b]} (earlier maps win); anything else is a problem. */
        private void merge(JsonNode value, String key, int line, List<Merged> merged) {
            List<JsonNode> maps = value.isArray() ? value.valueStream().toList() : List.of(value);
            if (!maps.stream().allMatch(JsonNode::isObject)) {
                problems.add(file + ":" + line + ": " + key + ": expected a map to merge (<<: *name), found "
                        + ConfigFile.found(value));
                return;
            }
            maps.forEach(map -> merged.add(new Merged((ObjectNode) map, line)));
        }

        private record Merged(ObjectNode map, int line) {
        }

        private ArrayNode list(String prefix) {
            ArrayNode list = JsonNodeFactory.instance.arrayNode();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                list.add(value(prefix, false));
            }
            return list;
        }

        private static String join(String prefix, String name) {
            return prefix.isEmpty() ? name : prefix + "." + name;
        }
    }
}
