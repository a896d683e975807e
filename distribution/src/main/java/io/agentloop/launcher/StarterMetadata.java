package io.agentloop.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes the Spring Boot starter's configuration metadata ({@code META-INF/spring-configuration-metadata.json},
 * what an IDE completes {@code application.yaml} from) from the launcher's schema: every key of
 * {@link ConfigSchema} under {@code agentloop.}, with its type, its line of {@link ConfigKeyHelp}, the
 * default that line states, and the values of a key that takes one of a few. The starter builds
 * before the launcher, so the file is written by {@code ./dev docs} and committed; a test compares
 * it with what this writes. The starter also reads it at start-up, to refuse keys it does not know.
 */
public final class StarterMetadata {
    /** Where the file is, from the project's folder. */
    static final String FILE = "distribution/spring-boot-starter/src/main/resources/META-INF/spring-configuration-metadata.json";
    private static final String PREFIX = "agentloop";
    /** A default the line of help states plainly: {@code default 10}, {@code default 15m (the library's: 30s)}. */
    private static final Pattern DEFAULT = Pattern.compile("(?:^|; )default ([\\w.\\-\\[\\]~/:]+)(?=$|;| \\()");
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private StarterMetadata() {
    }

    /** Rewrites the file given (default: the starter's, from the project's folder). */
    public static void main(String[] args) throws IOException {
        Path file = Path.of(args.length > 0 ? args[0] : FILE);
        Files.writeString(file, metadata());
        System.out.println("wrote the starter's configuration metadata into " + file);
    }

    /** The metadata, as the file holds it. */
    static String metadata() {
        ObjectNode root = JSON.createObjectNode();
        root.putArray("groups").addObject().put("name", PREFIX).put("type", "io.agentloop.spring.AgentloopProperties")
                .put("description", "The agent of the application, configured with the launcher's keys.");
        ArrayNode properties = root.putArray("properties");
        ArrayNode hints = root.putArray("hints");
        ConfigSchema.KEYS.forEach((key, rule) -> {
            String help = ConfigKeyHelp.of(key).orElseThrow(() -> new IllegalStateException(
                    "configuration key without a line of help: " + key + "; describe it in ConfigKeyHelp"));
            String name = name(key);
            ObjectNode property = properties.addObject().put("name", name).put("type", type(rule.type()))
                    .put("description", sentence(help));
            defaultOf(help).ifPresent(value -> {
                switch (rule.type()) {
                    case BOOLEAN -> property.put("defaultValue", Boolean.parseBoolean(value));
                    case WHOLE_NUMBER -> property.put("defaultValue", Long.parseLong(value));
                    case AMOUNT -> property.put("defaultValue", Double.parseDouble(value));
                    default -> property.put("defaultValue", value);
                }
            });
            if (!rule.choices().isEmpty()) {
                ArrayNode values = hints.addObject().put("name", name).putArray("values");
                rule.choices().forEach(choice -> values.addObject().put("value", choice));
            }
        });
        return JSON.writeValueAsString(root) + "\n";
    }

    /**
     * A key's property name: {@code agentloop.} and the key; a map of free settings
     * ({@code providers.*}) is the map's own name, and a {@code *} inside a key stays as it is.
     */
    static String name(String key) {
        return PREFIX + "." + (key.endsWith(".*") ? key.substring(0, key.length() - 2) : key);
    }

    private static String type(ConfigSchema.Type type) {
        return switch (type) {
            case TEXT -> "java.lang.String";
            case WHOLE_NUMBER -> "java.lang.Long";
            case AMOUNT -> "java.lang.Double";
            case BOOLEAN -> "java.lang.Boolean";
            case DURATION -> "java.time.Duration";
            case LIST -> "java.util.List<java.lang.String>";
            case SETTINGS -> "java.util.Map<java.lang.String,java.lang.Object>";
        };
    }

    /**
     * The default a line of help states as one value ({@code ...; default 10}); none for
     * "default none", one said in words or another key's.
     */
    static Optional<String> defaultOf(String help) {
        Matcher stated = DEFAULT.matcher(help);
        return stated.find() && !stated.group(1).equals("none") && !ConfigSchema.KEYS.containsKey(stated.group(1))
                ? Optional.of(stated.group(1)) : Optional.empty();
    }

    private static String sentence(String help) {
        String text = help.substring(0, 1).toUpperCase(Locale.ROOT) + help.substring(1);
        return text.endsWith(".") ? text : text + ".";
    }
}
