package io.agentloop.tools.file;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.tools.output.MaskedCut;
import io.agentloop.tools.output.PrivateKeyLines;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code grep}: lines matching a Java regular expression in a file or under a folder, as
 * {@code path:line: text}. Binary files, files over 10 MiB, ignored and protected folders are
 * skipped; results and line lengths are capped.
 */
public final class GrepTool implements Tool {
    static final int DEFAULT_MAX_RESULTS = 200;
    static final int MAX_RESULTS = 2000;
    static final int MAX_LINE_CHARS = 300;
    static final long MAX_FILE_BYTES = 10L * 1024 * 1024;

    private static final ToolSpec SPEC = ToolSpec.builder("grep")
            .description("Search file contents with a regular expression (Java syntax). Returns path:line: text. "
                    + "Filter files with include (a glob such as *.java or src/**/*.ts).")
            .stringParameter("pattern", "the regular expression", true)
            .stringParameter("path", "a file or folder, relative to the workspace root (default: the root)", false)
            .stringParameter("include", "only files matching this glob", false)
            .booleanParameter("ignore_case", "match without regard to case (default false)", false)
            .integerParameter("max_results", "at most this many matching lines (default 200)", false)
            .build();

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public List<Access> accesses(ToolArguments arguments) {
        return List.of(new Access.Read(arguments.string("path").orElse(".")));
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException {
        Pattern pattern;
        try {
            pattern = Pattern.compile(arguments.requireString("pattern"),
                    arguments.bool("ignore_case").orElse(false) ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
        } catch (PatternSyntaxException e) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "the pattern is not a valid regular "
                    + "expression: " + e.getDescription() + " near index " + e.getIndex());
        }
        String asked = arguments.string("path").orElse(".");
        Path start;
        try {
            start = context.workspace().resolve(asked);
        } catch (PathDeniedException e) {
            return e.toResult();
        }
        if (!Files.exists(start)) {
            return TextFiles.notFound(asked);
        }
        var special = TextFiles.special(start, asked);
        if (special.isPresent()) {
            return special.get();
        }
        int max = (int) Math.max(1, Math.min(MAX_RESULTS, arguments.integer("max_results").orElse((long) DEFAULT_MAX_RESULTS)));
        PathMatcher include = arguments.string("include").map(glob -> FileSystems.getDefault().getPathMatcher("glob:" + glob))
                .orElse(null);
        boolean includeByName = arguments.string("include").map(glob -> !glob.contains("/")).orElse(true);
        Search search = new Search(pattern, max, context);
        if (Files.isRegularFile(start)) {
            search.file(start);
        } else {
            List<Path> files = new ArrayList<>();
            TreeWalk.files(start, context.workspace(), file -> {
                if (include == null || include.matches(includeByName ? file.getFileName() : start.relativize(file))) {
                    files.add(file);
                }
                return !context.cancellation().isCancelled();
            });
            files.sort(null);
            for (Path file : files) {
                if (search.matches.size() >= max || context.cancellation().isCancelled()) {
                    break;
                }
                search.file(file);
            }
        }
        StringBuilder out = new StringBuilder();
        search.matches.forEach(m -> out.append(m).append('\n'));
        if (search.matches.isEmpty()) {
            out.append("no matches for ").append(pattern.pattern()).append('\n');
        } else if (search.matches.size() >= max) {
            out.append("[stopped at ").append(max).append(" matches; narrow the pattern or the path]\n");
        }
        return new ToolResult.Success(out.toString(), Map.of("matches", search.matches.size(),
                "files", search.filesWithMatches, "truncated", search.matches.size() >= max));
    }

    private static final class Search {
        final Pattern pattern;
        final int max;
        final ToolContext context;
        final List<String> matches = new ArrayList<>();
        int filesWithMatches;

        Search(Pattern pattern, int max, ToolContext context) {
            this.pattern = pattern;
            this.max = max;
            this.context = context;
        }

        void file(Path file) {
            try {
                if (Files.size(file) > MAX_FILE_BYTES || TextFiles.binaryReason(context.workspace(), file).isPresent()) {
                    return;
                }
                String shown = context.workspace().display(file);
                boolean any = false;
                var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE);
                try (BufferedReader reader = new BufferedReader(new InputStreamReader(PinnedFolders.open(context.workspace(), file), decoder))) {
                    String line;
                    int number = 0;
                    Matcher matcher = pattern.matcher("");
                    // Matched as shown: a key's lines can be neither seen nor probed for by pattern.
                    PrivateKeyLines keys = new PrivateKeyLines();
                    while ((line = reader.readLine()) != null && matches.size() < max) {
                        number++;
                        line = keys.next(line);
                        if (matcher.reset(line).find()) {
                            any = true;
                            String text = line.length() > MAX_LINE_CHARS
                                    ? MaskedCut.head(line, MAX_LINE_CHARS, context::redact) + "..." : line;
                            matches.add(shown + ":" + number + ": " + text.strip());
                        }
                    }
                }
                if (any) {
                    filesWithMatches++;
                }
            } catch (IOException | UncheckedIOException e) {
                // An unreadable file is skipped, as grep -s does.
            }
        }
    }
}
