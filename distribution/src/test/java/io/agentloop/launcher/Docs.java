package io.agentloop.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The project's documentation as the docs tests read it: the pages (README.md and docs/*.md), their
 * fenced code blocks with the info string that marks them, and the anchors GitHub gives their
 * headings.
 */
final class Docs {
    /** A fenced block: the page, the line its fence opens on, its info string ({@code sh offline}) and its text. */
    record Block(Path page, int line, String info, String text) {
    }

    private static final Pattern FENCE = Pattern.compile("(?m)^```(.*)\\n");

    private Docs() {
    }

    /** README.md, examples/README.md and every page of docs/, in name order. */
    static List<Path> pages(Path root) throws IOException {
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("examples/README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The page's fenced code blocks, in order. */
    static List<Block> blocks(Path page) throws IOException {
        String text = Files.readString(page);
        List<Block> blocks = new ArrayList<>();
        Matcher open = FENCE.matcher(text);
        while (open.find()) {
            int close = text.indexOf("\n```", open.end() - 1);
            if (close < 0) {
                throw new IllegalStateException(page + ": a code block opened at line " + line(text, open.start())
                        + " is never closed");
            }
            blocks.add(new Block(page, line(text, open.start()), open.group(1).strip(),
                    text.substring(open.end(), close + 1)));
            int after = text.indexOf('\n', close + 1);
            if (after < 0) {
                break;
            }
            open.region(after + 1, text.length());
        }
        return blocks;
    }

    /** The page's text with its code blocks blanked out, so that links and headings are only the prose's. */
    static String prose(Path page) throws IOException {
        String text = Files.readString(page);
        for (Block block : blocks(page)) {
            text = text.replace(block.text(), block.text().replaceAll("[^\\n]", " "));
        }
        return text;
    }

    /** The anchors of the page's headings, as GitHub makes them (a repeated one gets -1, -2...). */
    static List<String> anchors(Path page) throws IOException {
        List<String> anchors = new ArrayList<>();
        Matcher heading = Pattern.compile("(?m)^#{1,6} +(.+?) *$").matcher(prose(page));
        while (heading.find()) {
            String slug = slug(heading.group(1));
            String unique = slug;
            for (int n = 1; anchors.contains(unique); n++) {
                unique = slug + "-" + n;
            }
            anchors.add(unique);
        }
        return anchors;
    }

    /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces made hyphens. */
    static String slug(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    private static int line(String text, int offset) {
        return (int) text.substring(0, offset).chars().filter(c -> c == '\n').count() + 1;
    }
}
