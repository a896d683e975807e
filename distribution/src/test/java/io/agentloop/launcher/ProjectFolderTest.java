package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A clone builds and passes its tests with nothing beside it: nothing in the build or the tests reads outside. */
class ProjectFolderTest {
    /** Spelled in pieces so that this file does not itself name the folder it forbids. */
    private static final String SHARED = "sha" + "red";

    @TempDir
    Path work;

    @Test
    void nothingInTheBuildOrTheTestsReadsOutsideTheProjectFolder() throws IOException {
        Path root = Path.of(System.getProperty("agentloop.root"));
        assertThat(root.resolve("dev")).as("agentloop.root is the project's folder").isRegularFile();

        assertThat(new OutsideReferences(root).find()).as("references that leave the project folder").isEmpty();
    }

    @Test
    void eachKindOfReferenceOutsideIsFound() throws IOException {
        Path project = Files.createDirectories(work.resolve("my project"));
        Files.writeString(project.resolve("pom.xml"), """
                <relativePath>../pom.xml</relativePath>
                <models>${maven.multiModuleProjectDirectory}/../%s/models</models>
                <modules><module>inside/..</module></modules>
                """.formatted(SHARED));
        Files.writeString(project.resolve("dev"), "cd \"$(dirname \"$0\")\"\ncat ../elsewhere/notes.txt\n");
        Path ci = Files.createDirectories(project.resolve(".ci"));
        Files.writeString(ci.resolve("run"), "cd \"$(dirname \"$0\")/..\"\n");
        Path tests = Files.createDirectories(project.resolve("module/src/test/java"));
        // Quotes escaped, so that this file does not itself hold the call it plants.
        Files.writeString(tests.resolve("ATest.java"), "Path fixtures = Path.of(\"..\", \"..\", \"" + SHARED
                + "\", \"wire\");\nPath readme = Path.of(\"../README.md\");\nPath model = dir.resolve(\"" + SHARED
                + "\").resolve(\"models\");\n");

        assertThat(new OutsideReferences(project).find()).containsExactlyInAnyOrder(
                "dev:2: leaves the project folder (../elsewhere/notes.txt is "
                        + work.resolve("elsewhere/notes.txt") + ")",
                "module/src/test/java/ATest.java:1: leaves the project folder (Path.of(\"..\", \"..\", \""
                        + SHARED + "\", \"wire\") is " + work.resolve(SHARED + "/wire") + ")",
                "module/src/test/java/ATest.java:3: names the shared folder beside the project (\"" + SHARED
                        + "\").resolve(\"models\")",
                "pom.xml:1: leaves the project folder (../pom.xml is " + work.resolve("pom.xml") + ")",
                "pom.xml:2: names the shared folder beside the project (../" + SHARED + ")",
                "pom.xml:2: names the shared folder beside the project (" + SHARED + "/models)",
                "pom.xml:2: leaves the project folder (@ROOT@/../" + SHARED + "/models is "
                        + work.resolve(SHARED + "/models") + ")");
    }
}
