package io.agentloop.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every package of the API has a {@code package-info.java} whose doc comment says what the package
 * is for and who implements or uses it: the API is what plugin authors compile against, and the
 * package list of its javadoc is where they start reading. The packages are found by walking the
 * module's sources (and checked against the exports of its descriptor), so a package added later
 * fails here until it says what it is for.
 */
class PackageInfoTest {
    /** The module's sources; Maven runs the tests in the module's folder. */
    private static final Path SOURCES = Path.of("src/main/java");

    private static final Pattern EXPORT = Pattern.compile("^\\s*exports\\s+([\\w.]+)", Pattern.MULTILINE);
    private static final String COMMENT_THEN_PACKAGE = "/\\*\\*(.*?)\\*/\\s*(?:@[\\w.]+(?:\\([^)]*\\))?\\s*)*package\\s+%s\\s*;";

    @TempDir
    Path work;

    @Test
    void everyPackageOfTheApiSaysWhatItIsFor() throws IOException {
        Path descriptor = SOURCES.resolve("module-info.java");
        assertThat(descriptor).as("the API's module descriptor, relative to %s (run the tests from the agent-api "
                + "folder, as Maven does)", Path.of("").toAbsolutePath()).isRegularFile();
        assertThat(packages(SOURCES)).as("the packages found under %s", SOURCES)
                .containsAll(exports(Files.readString(descriptor)));

        assertThat(undocumented(SOURCES)).as("packages of agent-api without a package-info.java whose doc comment "
                + "says what the package is for and who implements or uses it (write one in each)").isEmpty();
    }

    @Test
    void aPackageWithoutPackageInfoOrWithoutItsDocCommentIsFound() throws IOException {
        write("a/Kept.java", "package a;\nclass Kept {}\n");
        write("a/package-info.java", "/**\n * Kept things: what the core keeps.\n */\npackage a;\n");
        write("a/b/Loose.java", "package a.b;\nclass Loose {}\n");
        write("a/c/Bare.java", "package a.c;\nclass Bare {}\n");
        write("a/c/package-info.java", "// a line comment is not a doc comment\npackage a.c;\n");
        write("a/d/Blank.java", "package a.d;\nclass Blank {}\n");
        write("a/d/package-info.java", "/**\n *\n */\npackage a.d;\n");
        write("a/e/Annotated.java", "package a.e;\nclass Annotated {}\n");
        write("a/e/package-info.java", "/** Annotated things, for plugins. */\n@Deprecated\npackage a.e;\n");
        write("module-info.java", "module a { exports a; }\n");

        assertThat(packages(work)).containsExactly("a", "a.b", "a.c", "a.d", "a.e");
        assertThat(undocumented(work)).containsExactly("a.b", "a.c", "a.d");
    }

    /** The packages of the sources under {@code root}: each folder holding a Java type. */
    static TreeSet<String> packages(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !file.getFileName().toString().equals("module-info.java")
                            && !file.getFileName().toString().equals("package-info.java"))
                    .map(file -> root.relativize(file.getParent()).toString().replace(file.getFileSystem()
                            .getSeparator(), "."))
                    .collect(TreeSet::new, TreeSet::add, TreeSet::addAll);
        }
    }

    /**
     * The packages under {@code root} with no {@code package-info.java}, or one without a doc
     * comment with words in it before its {@code package} line.
     */
    static List<String> undocumented(Path root) throws IOException {
        return packages(root).stream().filter(name -> !documented(root, name)).toList();
    }

    private static boolean documented(Path root, String name) {
        Path info = root.resolve(name.replace(".", root.getFileSystem().getSeparator())).resolve("package-info.java");
        if (!Files.isRegularFile(info)) {
            return false;
        }
        Matcher comment = Pattern.compile(COMMENT_THEN_PACKAGE.formatted(Pattern.quote(name)), Pattern.DOTALL)
                .matcher(read(info));
        return comment.find() && comment.group(1).replaceAll("[\\s*]+", " ").strip().matches(".*\\w+.*");
    }

    private static List<String> exports(String descriptor) {
        return EXPORT.matcher(descriptor).results().map(export -> export.group(1)).toList();
    }

    private void write(String file, String text) throws IOException {
        Path path = work.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
