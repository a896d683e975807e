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
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.InputStreamReader;
import java.util.List;
import java.util.Map;

/**
 * {@code read}: a text file with line numbers, from a line offset, at most a number of lines and
 * of characters. Binary files, folders and special files (FIFOs, sockets, devices) are refused with a result that says what to use instead.
 */
public final class ReadTool implements Tool {
    static final int DEFAULT_LIMIT = 2000;
    static final int MAX_LINE_CHARS = 2000;
    static final int MAX_OUTPUT_CHARS = 100_000;

    private static final ToolSpec SPEC = ToolSpec.builder("read")
            .description("Read a text file of the workspace. Lines come numbered (number, tab, text). For long files "
                    + "read a window with offset (first line, from 1) and limit (number of lines, default 2000).")
            .stringParameter("path", "the file, relative to the workspace root", true)
            .integerParameter("offset", "the first line to read, from 1 (default 1)", false)
            .integerParameter("limit", "how many lines to read (default 2000)", false)
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
        return List.of(new Access.Read(arguments.requireString("path")));
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException {
        String asked = arguments.requireString("path");
        long offset = arguments.integer("offset").orElse(1L);
        long limit = arguments.integer("limit").orElse((long) DEFAULT_LIMIT);
        if (offset < 1 || limit < 1) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "offset and limit must be at least 1");
        }
        Path file;
        try {
            file = context.workspace().resolve(asked);
        } catch (PathDeniedException e) {
            return e.toResult();
        }
        if (Files.isDirectory(file)) {
            return TextFiles.failure("is_directory", "'" + asked + "' is a folder; use list to see what is in it");
        }
        if (!Files.exists(file)) {
            return TextFiles.notFound(asked);
        }
        var special = TextFiles.special(file, asked);
        if (special.isPresent()) {
            return special.get();
        }
        var binary = TextFiles.binaryReason(context.workspace(), file);
        if (binary.isPresent()) {
            return TextFiles.failure("binary_file", "'" + asked + "' " + binary.get() + "; read only shows text files");
        }
        StringBuilder out = new StringBuilder();
        // The lines on either side of the window, so that secrets are masked before the window cuts
        // them: a key block split by offset or limit is masked or left out, never shown in part.
        StringBuilder before = new StringBuilder();
        StringBuilder after = new StringBuilder();
        long lineNumber = 0;
        long lastShown = 0;
        boolean cut = false;
        boolean moreLines = false;
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE);
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(PinnedFolders.open(context.workspace(), file), decoder))) {
            String line;
            // Fed from the first line: a window far into a long key block, whose BEGIN line is beyond
            // the context the mask sees, shows the key's lines masked. The context stays as it is,
            // so a block the mask sees whole is still masked whole.
            PrivateKeyLines keys = new PrivateKeyLines();
            while ((line = reader.readLine()) != null) {
                lineNumber++;
                String keyMasked = keys.next(line);
                if (lineNumber < offset) {
                    before.append(numbered(lineNumber, line));
                    if (before.length() > 2 * MaskedCut.CONTEXT) {
                        before.delete(0, before.length() - MaskedCut.CONTEXT);
                    }
                    continue;
                }
                if (lineNumber >= offset + limit || out.length() >= MAX_OUTPUT_CHARS) {
                    moreLines = true;
                    cut |= out.length() >= MAX_OUTPUT_CHARS;
                    for (long n = lineNumber; line != null && after.length() < MaskedCut.CONTEXT; n++) {
                        after.append(numbered(n, line.substring(0, Math.min(line.length(), MaskedCut.CONTEXT))));
                        line = reader.readLine();
                    }
                    break;
                }
                line = keyMasked;
                if (line.length() > MAX_LINE_CHARS) {
                    line = MaskedCut.head(line, MAX_LINE_CHARS, context::redact) + " [line cut at " + MAX_LINE_CHARS
                            + " characters]";
                }
                out.append(numbered(lineNumber, line));
                lastShown = lineNumber;
            }
        }
        if (lineNumber < offset && lineNumber > 0) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "'" + asked + "' has " + lineNumber
                    + " lines; offset " + offset + " is past its end");
        }
        String window = out.toString();
        String shown = MaskedCut.between(last(before, MaskedCut.CONTEXT), window,
                after.substring(0, Math.min(after.length(), MaskedCut.CONTEXT)), context::redact);
        out = new StringBuilder(shown);
        if (moreLines && !shown.isEmpty() && !shown.endsWith("\n")) {
            // The window's end was pulled back before a secret that crosses it: continue from that line.
            lastShown = Math.max(offset, lastNumber(shown)) - 1;
            out.append('\n');
        }
        if (lineNumber == 0) {
            out.append("(empty file)\n");
        }
        if (moreLines && lastShown + 1 <= offset) {
            out.append("[a secret starts at line ").append(offset).append(" and runs past the end of this window: ")
                    .append("read a larger limit from offset=").append(offset).append(" to see it masked]\n");
        } else if (moreLines) {
            out.append("[").append(cut ? "output cap of " + MAX_OUTPUT_CHARS + " characters reached" : "more lines follow")
                    .append(": continue with offset=").append(lastShown + 1).append("]\n");
        }
        return new ToolResult.Success(out.toString(), Map.of("path", context.workspace().display(file),
                "firstLine", lastShown == 0 ? 0 : offset, "lastLine", lastShown, "truncated", moreLines));
    }

    private static String numbered(long number, String line) {
        return String.format("%6d\t", number) + line + "\n";
    }

    private static String last(CharSequence text, int chars) {
        return text.subSequence(Math.max(0, text.length() - chars), text.length()).toString();
    }

    /** The number of the last line of {@code shown} that still starts with its number; 0 if none. */
    private static long lastNumber(String shown) {
        for (int end = shown.length(); end > 0; ) {
            int start = shown.lastIndexOf('\n', end - 1) + 1;
            String line = shown.substring(start, end);
            int tab = line.indexOf('\t');
            if (tab > 0 && line.substring(0, tab).strip().matches("\\d+")) {
                return Long.parseLong(line.substring(0, tab).strip());
            }
            end = start - 1;
        }
        return 0;
    }
}
