package io.agentloop.tools.file;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code edit}: replaces an exact piece of text in a file. The text must occur exactly once unless
 * {@code replace_all} is set; when it occurs zero or several times nothing changes and the result
 * says where to look (the lines of each match, or a near match that differs only in whitespace).
 */
public final class EditTool implements Tool {
    private static final ToolSpec SPEC = ToolSpec.builder("edit")
            .description("Replace text in a file. old_string must match the file exactly (whitespace and indentation "
                    + "included) and only once, unless replace_all is true. Read the file first.")
            .stringParameter("path", "the file, relative to the workspace root", true)
            .stringParameter("old_string", "the exact text to replace", true)
            .stringParameter("new_string", "the text to put in its place", true)
            .booleanParameter("replace_all", "replace every occurrence (default false)", false)
            .build();

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public List<Access> accesses(ToolArguments arguments) {
        return List.of(new Access.Write(arguments.requireString("path")));
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException {
        String asked = arguments.requireString("path");
        String oldText = arguments.requireString("old_string");
        String newText = arguments.requireString("new_string");
        boolean all = arguments.bool("replace_all").orElse(false);
        if (oldText.isEmpty()) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "old_string is empty; to create a file "
                    + "or replace all of it use write");
        }
        if (oldText.equals(newText)) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "old_string and new_string are the same; "
                    + "nothing would change");
        }
        Path file;
        try {
            file = context.workspace().resolve(asked);
        } catch (PathDeniedException e) {
            return e.toResult();
        }
        var special = TextFiles.special(file, asked);
        if (special.isPresent()) {
            return special.get();
        }
        if (!Files.isRegularFile(file)) {
            return Files.isDirectory(file) ? TextFiles.failure("is_directory", "'" + asked + "' is a folder")
                    : TextFiles.notFound(asked);
        }
        var binary = TextFiles.binaryReason(context.workspace(), file);
        if (binary.isPresent()) {
            return TextFiles.failure("binary_file", "'" + asked + "' " + binary.get() + "; edit only changes text files");
        }
        String text = PinnedFolders.readString(context.workspace(), file);
        List<Integer> matches = occurrences(text, oldText);
        if (matches.isEmpty()) {
            return TextFiles.failure("no_match", "old_string was not found in '" + asked + "'" + nearMatch(text, oldText)
                    + ". Read the file again and copy the exact text, including whitespace and indentation");
        }
        if (matches.size() > 1 && !all) {
            List<Integer> lines = matches.stream().limit(10).map(at -> lineOf(text, at)).toList();
            return TextFiles.failure("ambiguous_match", "old_string occurs " + matches.size() + " times in '" + asked
                    + "' (at lines " + lines.toString().replaceAll("[\\[\\]]", "") + (matches.size() > 10 ? ", ..." : "")
                    + "). Include more surrounding lines to make it unique, or set replace_all to true");
        }
        String changed = all ? text.replace(oldText, newText) : text.substring(0, matches.get(0)) + newText
                + text.substring(matches.get(0) + oldText.length());
        PinnedFolders.replace(context.workspace(), file, changed);
        String shown = context.workspace().display(file);
        return new ToolResult.Success("Replaced " + matches.size() + " occurrence" + (matches.size() == 1 ? "" : "s")
                + " in " + shown + " (first at line " + lineOf(text, matches.get(0)) + ")",
                Map.of("path", shown, "replacements", matches.size()));
    }

    private static List<Integer> occurrences(String text, String part) {
        List<Integer> at = new ArrayList<>();
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
            at.add(i);
        }
        return at;
    }

    private static int lineOf(String text, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** A hint when the text is there with different whitespace: the most common reason for no match. */
    private static String nearMatch(String text, String part) {
        String squeezedPart = part.strip().replaceAll("\\s+", " ");
        if (squeezedPart.isEmpty()) {
            return "";
        }
        String[] lines = text.split("\n", -1);
        String firstWords = squeezedPart.split(" ")[0];
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].contains(firstWords)) {
                continue;
            }
            StringBuilder window = new StringBuilder();
            for (int j = i; j < lines.length && window.length() < part.length() * 2 + 80; j++) {
                window.append(lines[j]).append('\n');
                if (window.toString().replaceAll("\\s+", " ").contains(squeezedPart)) {
                    return " (text that differs only in whitespace starts at line " + (i + 1) + ")";
                }
            }
        }
        return "";
    }
}
