package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The documentation holds together: every relative link of README.md and docs/*.md reaches a file
 * of the project and, when it names one, a heading of that page; and the pages stay where a reader
 * looks for them (the README short, each topic's page present).
 */
class DocsTest {
    private static final Path ROOT = Path.of(System.getProperty("agentloop.root"));
    /** An inline link or image, {@code [text](target)} or {@code [text](target "title")}. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

    @Test
    void everyRelativeLinkReachesAFileAndItsHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : Docs.pages(ROOT)) {
            broken.addAll(brokenLinks(page));
        }
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    @Test
    void aLinkToAMissingFileOrHeadingIsFound(@org.junit.jupiter.api.io.TempDir Path work) throws IOException {
        Files.writeString(work.resolve("other.md"), "# Other\n\n## A heading: `with code`\n");
        Path page = Files.writeString(work.resolve("page.md"), """
                # Page
                [fine](other.md#a-heading-with-code), [also fine](#page), [web](https://example.com/x.md)
                [no file](missing.md), [no heading](other.md#nowhere), [here neither](#elsewhere)

                ```sh
                [inside code](ignored.md)
                ```
                """);

        assertThat(brokenLinks(page)).containsExactly(
                page + ":3: missing.md: no such file",
                page + ":3: other.md#nowhere: other.md has no heading #nowhere",
                page + ":3: #elsewhere: page.md has no heading #elsewhere");
    }

    @Test
    void theReadmeIsShortAndEveryTopicHasItsPage() throws IOException {
        assertThat(Files.readAllLines(ROOT.resolve("README.md"))).as("README.md's lines").hasSizeLessThan(250);
        for (String topic : List.of("getting-started", "launcher", "configuration", "providers", "security", "plugins",
                "library", "operations")) {
            assertThat(ROOT.resolve("docs/" + topic + ".md")).exists();
        }
    }

    @Test
    void theReadmeNamesTheSpringBootStarterAndKeepsItsTwoSetUpCommands() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));

        assertThat(readme).contains("`io.agentloop:agentloop-spring-boot-starter`")
                .contains("(docs/library.md#spring-boot)");
        List<String> commands = Docs.blocks(ROOT.resolve("README.md")).stream()
                .filter(block -> block.info().equals("sh")).findFirst().orElseThrow().text().lines() // "Set up"
                .filter(line -> !line.isBlank()).map(line -> line.replaceAll("\\s+#.*", "")).toList();
        assertThat(commands).as("the README's set-up commands").containsExactly("./dev run", "./dev test");
    }

    private static List<String> brokenLinks(Path page) throws IOException {
        List<String> broken = new ArrayList<>();
        String prose = Docs.prose(page);
        Matcher link = LINK.matcher(prose);
        while (link.find()) {
            String target = link.group(1);
            if (target.matches("[a-z][a-z0-9+.-]*:.*")) {
                continue;
            }
            int hash = target.indexOf('#');
            String file = hash < 0 ? target : target.substring(0, hash);
            Path linked = file.isEmpty() ? page : page.resolveSibling(file).normalize();
            String at = page + ":" + (prose.substring(0, link.start()).chars().filter(c -> c == '\n').count() + 1) + ": "
                    + target + ": ";
            if (!Files.exists(linked)) {
                broken.add(at + "no such file");
            } else if (hash >= 0 && !Docs.anchors(linked).contains(target.substring(hash + 1))) {
                broken.add(at + linked.getFileName() + " has no heading #" + target.substring(hash + 1));
            }
        }
        return broken;
    }
}
