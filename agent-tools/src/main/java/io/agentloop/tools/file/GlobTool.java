package io.agentloop.tools.file;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code glob}: files whose path (relative to the search folder) matches a glob; a pattern without
 * a {@code /} matches file names at any depth. Sorted, capped, ignored folders skipped.
 */
public final class GlobTool implements Tool {
    static final int MAX_RESULTS = 500;

    private static final ToolSpec SPEC = ToolSpec.builder("glob")
            .description("Find files by name pattern, e.g. **/*.java or src/**/Test*.kt. A pattern without / matches "
                    + "file names in every folder. Dependency and build folders (node_modules, target...) are skipped.")
            .stringParameter("pattern", "the glob pattern", true)
            .stringParameter("path", "the folder to search, relative to the workspace root (default: the root)", false)
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
        String pattern = arguments.requireString("pattern");
        String asked = arguments.string("path").orElse(".");
        Path folder;
        try {
            folder = context.workspace().resolve(asked);
        } catch (PathDeniedException e) {
            return e.toResult();
        }
        if (!Files.isDirectory(folder)) {
            return TextFiles.notFound(asked);
        }
        PathMatcher matcher;
        try {
            matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        } catch (IllegalArgumentException e) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "'" + pattern + "' is not a valid glob: "
                    + e.getMessage());
        }
        boolean byName = !pattern.contains("/");
        List<String> found = new ArrayList<>();
        int[] total = {0};
        TreeWalk.files(folder, context.workspace(), file -> {
            Path relative = folder.relativize(file);
            if (matcher.matches(byName ? file.getFileName() : relative)) {
                total[0]++;
                if (found.size() < MAX_RESULTS) {
                    found.add(context.workspace().display(file));
                }
            }
            return !context.cancellation().isCancelled();
        });
        found.sort(null);
        StringBuilder out = new StringBuilder();
        found.forEach(f -> out.append(f).append('\n'));
        if (found.isEmpty()) {
            out.append("no files match ").append(pattern).append('\n');
        } else if (total[0] > found.size()) {
            out.append("[").append(total[0] - found.size()).append(" more matches not shown; narrow the pattern]\n");
        }
        return new ToolResult.Success(out.toString(), Map.of("files", List.copyOf(found), "total", total[0]));
    }
}
