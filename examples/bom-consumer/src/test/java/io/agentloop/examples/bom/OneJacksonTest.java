package io.agentloop.examples.bom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * This project imports the BOM and nothing else of ours, so the Jackson on its class path is what a user's
 * would be. Jackson 3's modules (tools.jackson) are released together and must all be of one version; its
 * annotations stay in Jackson 2's line (com.fasterxml.jackson), one minor version for all of them.
 */
class OneJacksonTest {

    @Test
    void everyJacksonModuleOnTheClassPathIsOfOneRelease() throws IOException {
        Map<String, String> jackson = jacksonArtifactsOnTheClassPath();

        assertTrue(jackson.keySet().containsAll(Set.of(
                        "tools.jackson.core:jackson-core",
                        "tools.jackson.core:jackson-databind",
                        "tools.jackson.dataformat:jackson-dataformat-yaml")),
                "agent-core brings Jackson's core, databind and YAML (through json-schema-validator); found " + jackson);
        assertEquals(1, releases(jackson, "tools.jackson.").size(),
                "one version of every tools.jackson artifact (import agentloop-bom, which imports jackson-bom): " + jackson);
        assertTrue(releases(jackson, "com.fasterxml.jackson.").size() <= 1,
                "one minor version of every com.fasterxml.jackson artifact: " + jackson);
    }

    /** The distinct versions of one group family, cut to major.minor for Jackson 2's, whose annotations drop the patch. */
    private static Set<String> releases(Map<String, String> artifacts, String groupPrefix) {
        return artifacts.entrySet().stream()
                .filter(artifact -> artifact.getKey().startsWith(groupPrefix))
                .map(artifact -> groupPrefix.startsWith("tools.") ? artifact.getValue() : minor(artifact.getValue()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static String minor(String version) {
        String[] parts = version.split("\\.");
        return parts.length < 2 ? version : parts[0] + "." + parts[1];
    }

    /**
     * groupId:artifactId to version, from the pom.properties Maven writes into every jar it builds. Every jar
     * on the class path has a manifest, so asking the class loader for all manifests finds every jar, however
     * the test runner put them on the class path.
     */
    private static Map<String, String> jacksonArtifactsOnTheClassPath() throws IOException {
        Map<String, String> found = new TreeMap<>();
        for (URL manifest : Collections.list(OneJacksonTest.class.getClassLoader().getResources("META-INF/MANIFEST.MF"))) {
            if (!"jar".equals(manifest.getProtocol())) {
                continue;
            }
            JarURLConnection connection = (JarURLConnection) manifest.openConnection();
            connection.setUseCaches(false);
            try (JarFile jar = connection.getJarFile()) {
                for (JarEntry entry : Collections.list(jar.entries())) {
                    String name = entry.getName();
                    if (name.startsWith("META-INF/maven/") && name.endsWith("/pom.properties")) {
                        Properties pom = read(jar, entry);
                        String group = pom.getProperty("groupId", "");
                        if (group.startsWith("tools.jackson") || group.startsWith("com.fasterxml.jackson")) {
                            found.put(group + ":" + pom.getProperty("artifactId"), pom.getProperty("version"));
                        }
                    }
                }
            }
        }
        return found;
    }

    private static Properties read(JarFile jar, JarEntry entry) {
        try (InputStream in = jar.getInputStream(entry)) {
            Properties properties = new Properties();
            properties.load(in);
            return properties;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + entry.getName() + " in " + jar.getName(), e);
        }
    }
}
