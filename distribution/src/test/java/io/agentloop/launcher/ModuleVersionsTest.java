package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every version is written once, in the root pom: a module that writes one of its own drifts from the
 * rest of the build unnoticed (two copies of a library, a test run against another release than the one
 * shipped). A module pom names a version only through a property of the root pom ({@code ${h2.version}},
 * {@code ${project.version}}). The poms without a parent of ours stand alone on purpose and keep theirs:
 * the BOM users import, the plugin template users copy, the example of a user's project.
 */
class ModuleVersionsTest {
    /** Folders that hold no pom of the project's own. */
    private static final Set<String> NOT_SOURCES = Set.of("target", ".git", "node_modules", "src");
    private static final Pattern PARENT = Pattern.compile("<parent>.*?</parent>", Pattern.DOTALL);
    private static final Pattern COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);
    private static final Pattern VERSION = Pattern.compile("<version>\\s*([^<]*?)\\s*</version>");

    @TempDir
    Path work;

    @Test
    void noModulePomWritesAVersionOfItsOwn() throws IOException {
        Path root = Path.of(System.getProperty("agentloop.root"));
        assertThat(root.resolve("dev")).as("agentloop.root is the project's folder").isRegularFile();

        assertThat(inlineVersions(root)).as("versions written in module poms: move each to a property of the "
                + "root pom.xml and its dependencyManagement or pluginManagement").isEmpty();
    }

    @Test
    void aVersionWrittenInAModulePomIsFoundAndAStandaloneOneIsNot() throws IOException {
        Files.writeString(work.resolve("pom.xml"), "<project><version>1.0</version></project>");
        Path module = Files.createDirectories(work.resolve("tools"));
        Files.writeString(module.resolve("pom.xml"), """
                <project>
                  <parent><version>1.0</version></parent>
                  <dependency><artifactId>h2</artifactId><version>2.3.232</version></dependency>
                  <!-- <version>9</version> -->
                  <dependency><artifactId>core</artifactId><version>${project.version}</version></dependency>
                </project>
                """);
        Path template = Files.createDirectories(work.resolve("template"));
        Files.writeString(template.resolve("pom.xml"), "<project><version>1.0.0</version>"
                + "<plugin><version>3.15.0</version></plugin></project>");

        assertThat(inlineVersions(work)).containsExactly("tools/pom.xml: 2.3.232");
    }

    /** "folder/pom.xml: version" for each version a pom with a parent writes without a property. */
    private static List<String> inlineVersions(Path root) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            List<Path> poms = files.filter(file -> file.getFileName().toString().equals("pom.xml"))
                    .filter(file -> !file.getParent().equals(root) && sourceFolder(root, file)).sorted().toList();
            for (Path pom : poms) {
                String text = COMMENT.matcher(Files.readString(pom)).replaceAll("");
                Matcher parent = PARENT.matcher(text);
                if (!parent.find()) {
                    continue; // stands alone: it cannot take versions from the root pom
                }
                Matcher version = VERSION.matcher(parent.replaceFirst(""));
                while (version.find()) {
                    if (!version.group(1).matches("\\$\\{[^}]+}")) {
                        found.add(root.relativize(pom).toString().replace('\\', '/') + ": " + version.group(1));
                    }
                }
            }
        }
        return found;
    }

    private static boolean sourceFolder(Path root, Path file) {
        for (Path name : root.relativize(file).getParent()) {
            if (NOT_SOURCES.contains(name.toString())) {
                return false;
            }
        }
        return true;
    }
}
