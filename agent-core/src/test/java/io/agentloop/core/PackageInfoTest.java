package io.agentloop.core;

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

/**
 * Every package of the core has a {@code package-info.java} whose doc comment says what the package
 * is for, where it sits in the flow, and who uses it (the loop, the launcher, a durable engine...):
 * the core is where a newcomer reads how a run works, one package at a time. The packages are found
 * by walking the module's sources (and checked against the exports of its descriptor), so a package
 * added later fails here until it says what it is for. The API's {@code PackageInfoTest} holds the
 * same rule, and shows on a folder of its own that the check finds what it should.
 */
class PackageInfoTest {
    /** The module's sources; Maven runs the tests in the module's folder. */
    private static final Path SOURCES = Path.of("src/main/java");

    private static final Pattern EXPORT = Pattern.compile("^\\s*exports\\s+([\\w.]+)", Pattern.MULTILINE);
    private static final String COMMENT_THEN_PACKAGE = "/\\*\\*(.*?)\\*/\\s*(?:@[\\w.]+(?:\\([^)]*\\))?\\s*)*package\\s+%s\\s*;";

    @Test
    void everyPackageOfTheCoreSaysWhatItIsFor() throws IOException {
        Path descriptor = SOURCES.resolve("module-info.java");
        assertThat(descriptor).as("the core's module descriptor, relative to %s (run the tests from the agent-core "
                + "folder, as Maven does)", Path.of("").toAbsolutePath()).isRegularFile();
        TreeSet<String> packages = packages(SOURCES);
        assertThat(packages).as("the packages found under %s", SOURCES).containsAll(exports(Files.readString(descriptor)));

        assertThat(packages.stream().filter(name -> !documented(name)).toList()).as("packages of agent-core without a "
                + "package-info.java whose doc comment says what the package is for and who uses it (write one in each)")
                .isEmpty();
    }

    /** The packages of the module's sources: each folder holding a Java type. */
    private static TreeSet<String> packages(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !file.getFileName().toString().equals("module-info.java")
                            && !file.getFileName().toString().equals("package-info.java"))
                    .map(file -> root.relativize(file.getParent()).toString().replace(file.getFileSystem()
                            .getSeparator(), "."))
                    .collect(TreeSet::new, TreeSet::add, TreeSet::addAll);
        }
    }

    /** Whether the package has a {@code package-info.java} with a doc comment with words in it before its {@code package} line. */
    private static boolean documented(String name) {
        Path info = SOURCES.resolve(name.replace(".", SOURCES.getFileSystem().getSeparator())).resolve("package-info.java");
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

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
