package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Classes are split at about {@value #MAX_LINES} lines. A main source file may be longer only when
 * its opening comment (the comments before its first type, normally the class comment) says why,
 * in a sentence holding the words {@value #MARKER}, e.g. "The parser is one file because its states
 * share one cursor and one error position." The words are fixed so that this test finds the
 * reason; what follows them is for the reader and should be a real reason (one flow read top to
 * bottom, one state that cannot be handed around), never "it grew". Tests are not held to it.
 */
class SourceFileSizeTest {
    static final int MAX_LINES = 400;
    static final String MARKER = "one file because";

    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern FIRST_TYPE = Pattern.compile(
            "^(?:(?:public|abstract|final|sealed|non-sealed|strictfp)\\s+)*(?:class|interface|enum|record|@interface)\\b",
            Pattern.MULTILINE);

    @TempDir
    Path work;

    @Test
    void noMainSourceFileIsLongerThanTheLimitWithoutSayingWhy() throws IOException {
        ProjectModules modules = ProjectModules.ofThisBuild();
        assertThat(modules.folders()).as("modules found under %s", modules.root()).isNotEmpty();

        assertThat(longWithoutReason(modules)).as("main source files over %d lines whose opening comment does "
                + "not say why they are one file (split them, or add a sentence with '%s')", MAX_LINES, MARKER)
                .isEmpty();
    }

    @Test
    void aLongFileIsFoundUnlessItsOpeningCommentSaysWhy() throws IOException {
        Path sources = Files.createDirectories(work.resolve("my module/src/main/java/a"));
        Files.writeString(work.resolve("my module/pom.xml"), "<project/>");
        String body = "    int x;\n".repeat(MAX_LINES);
        Files.writeString(sources.resolve("Long.java"), "package a;\n/** A long class. */\nclass Long {\n" + body + "}\n");
        Files.writeString(sources.resolve("Reasoned.java"), "package a;\n/**\n * A long class. It is one file\n"
                + " * because its parts share one cursor.\n */\nclass Reasoned {\n" + body + "}\n");
        Files.writeString(sources.resolve("LaterComment.java"), "package a;\nclass LaterComment {\n"
                + "    /** Not the opening comment: one file because. */\n" + body + "}\n");
        Files.writeString(sources.resolve("Short.java"), "package a;\nclass Short {\n}\n");

        assertThat(longWithoutReason(ProjectModules.of(work))).containsExactly(
                "my module/src/main/java/a/LaterComment.java (" + (MAX_LINES + 4) + " lines)",
                "my module/src/main/java/a/Long.java (" + (MAX_LINES + 4) + " lines)");
    }

    /** The main source files over the limit without the reason, relative to the project, with their sizes. */
    static List<String> longWithoutReason(ProjectModules modules) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path sources : modules.mainSources()) {
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(file -> file.toString().endsWith(".java")).sorted().forEach(file -> {
                    List<String> lines = lines(file);
                    if (lines.size() > MAX_LINES && !saysWhy(String.join("\n", lines))) {
                        found.add(modules.name(file) + " (" + lines.size() + " lines)");
                    }
                });
            }
        }
        return found;
    }

    /**
     * Whether the comments before the file's first type hold the marker (line breaks and comment
     * stars read as spaces, so the words may be wrapped).
     */
    static boolean saysWhy(String source) {
        Matcher type = FIRST_TYPE.matcher(source);
        Matcher comment = COMMENT.matcher(type.find() ? source.substring(0, type.start()) : source);
        while (comment.find()) {
            if (comment.group().replaceAll("\\s*\\n\\s*\\*?\\s*", " ").contains(MARKER)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
