package io.agentloop.tools.file;

import io.agentloop.api.permission.Access;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** {@code list}: the entries of a folder, folders first (marked with {@code /}), protected entries left out. */
public final class ListTool implements Tool {
    static final int MAX_ENTRIES = 500;

    private static final ToolSpec SPEC = ToolSpec.builder("list")
            .description("List the files and folders in a folder of the workspace (folders end with /).")
            .stringParameter("path", "the folder, relative to the workspace root (default: the root)", false)
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
        String asked = arguments.string("path").orElse(".");
        Path folder;
        try {
            folder = context.workspace().resolve(asked);
        } catch (PathDeniedException e) {
            return e.toResult();
        }
        if (!Files.isDirectory(folder)) {
            return Files.exists(folder) ? TextFiles.failure("not_a_directory", "'" + asked + "' is a file; use read")
                    : TextFiles.notFound(asked);
        }
        List<String> entries = new ArrayList<>();
        try (Stream<Path> children = Files.list(folder)) {
            children.filter(context.workspace()::permits)
                    .sorted(Comparator.comparing((Path p) -> !Files.isDirectory(p)).thenComparing(Path::toString))
                    .forEach(p -> entries.add(p.getFileName() + (Files.isDirectory(p) ? "/" : "")));
        }
        StringBuilder out = new StringBuilder();
        entries.stream().limit(MAX_ENTRIES).forEach(e -> out.append(e).append('\n'));
        if (entries.isEmpty()) {
            out.append("(empty folder)\n");
        } else if (entries.size() > MAX_ENTRIES) {
            out.append("[").append(entries.size() - MAX_ENTRIES).append(" more entries not shown; use glob to narrow]\n");
        }
        return new ToolResult.Success(out.toString(), Map.of("path", context.workspace().display(folder),
                "entries", List.copyOf(entries.subList(0, Math.min(entries.size(), MAX_ENTRIES))),
                "total", entries.size()));
    }
}
