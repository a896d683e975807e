package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The Spring Boot starter's configuration metadata is what the launcher's schema generates, every key in it. */
class StarterMetadataTest {
    private static final Path FILE = Path.of(System.getProperty("agentloop.root"), StarterMetadata.FILE);

    @Test
    void theCommittedMetadataIsWhatTheSchemaGenerates() throws IOException {
        assertThat(Files.readString(FILE)).as(StarterMetadata.FILE + " differs from the configuration schema: "
                + "regenerate it with ./dev docs (and commit it)").isEqualTo(StarterMetadata.metadata());
    }

    @Test
    void everyLauncherKeyIsAPropertyWithItsHelpTypeAndStatedDefault() throws IOException {
        Map<String, JsonNode> properties = new HashMap<>();
        JsonNode metadata = JsonMapper.builder().build().readTree(Files.readString(FILE));
        metadata.get("properties").forEach(property -> properties.put(property.get("name").asString(), property));

        ConfigSchema.KEYS.keySet().forEach(key -> {
            JsonNode property = properties.get(StarterMetadata.name(key));
            assertThat(property).as("the metadata has the launcher's key " + key).isNotNull();
            assertThat(property.get("description").asString()).as(key)
                    .startsWithIgnoringCase(ConfigKeyHelp.of(key).orElseThrow().substring(0, 1));
        });
        assertThat(properties.get("agentloop.run.max-iterations").get("defaultValue").asLong()).isEqualTo(10);
        assertThat(properties.get("agentloop.run.timeout").has("defaultValue")).as("default none").isFalse();
        assertThat(properties.get("agentloop.sandbox.enabled").get("defaultValue").asBoolean()).isTrue();
        assertThat(properties.get("agentloop.run.iteration-timeout").get("type").asString()).isEqualTo("java.time.Duration");
        assertThat(properties.get("agentloop.providers").get("type").asString()).startsWith("java.util.Map");
        assertThat(metadata.get("hints").valueStream().filter(h -> h.get("name").asString()
                .equals("agentloop.permissions.mode")).findFirst().orElseThrow().get("values").toString())
                .contains("\"ask\"", "\"edit\"", "\"auto\"", "\"yes\"");
    }

    @Test
    void onlyADefaultStatedAsOneValueIsTaken() {
        assertThat(StarterMetadata.defaultOf("one model call and its tools; default 15m (the library's: 30s)")).contains("15m");
        assertThat(StarterMetadata.defaultOf("the whole run; default none")).isEmpty();
        assertThat(StarterMetadata.defaultOf("the folder tools work in; default the current folder")).isEmpty();
        assertThat(StarterMetadata.defaultOf("the system prompt, replacing the default one")).isEmpty();
        assertThat(StarterMetadata.defaultOf("the widest mode a served run may have; default permissions.mode")).isEmpty();
    }
}
