package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The BOM users import has no parent (an import would bring the parent's whole dependency management),
 * so the Jackson and OkHttp versions the build uses are written twice: here they must agree, or users
 * would run on versions the project was never built or tested with.
 */
class BomVersionsTest {

    @Test
    void theBomPinsTheVersionsTheBuildUses() throws IOException {
        Path root = Path.of(System.getProperty("agentloop.root"));
        String parent = Files.readString(root.resolve("pom.xml"));
        String bom = Files.readString(root.resolve("distribution/bom/pom.xml"));

        for (String property : new String[] {"jackson.version", "okhttp.version"}) {
            assertThat(element(bom, property)).as(property + " in distribution/bom/pom.xml, as in pom.xml")
                    .isEqualTo(element(parent, property));
        }
        assertThat(element(bom, "version")).as("the BOM's own version is the project's")
                .isEqualTo(element(parent, "version"));
    }

    /** The text of the first element of that name. */
    private static String element(String pom, String name) {
        Matcher found = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</" + Pattern.quote(name) + ">").matcher(pom);
        assertThat(found.find()).as("<" + name + "> is written").isTrue();
        return found.group(1).strip();
    }
}
