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
import java.util.List;
import java.util.Map;

/** {@code write}: creates or replaces a text file (atomically), creating missing folders. */
public final class WriteTool implements Tool {
    private static final ToolSpec SPEC = ToolSpec.builder("write")
            .description("Create a text file, or replace one with new content. Missing folders are created. To change "
                    + "part of an existing file, use edit instead.")
            .stringParameter("path", "the file, relative to the workspace root", true)
            .stringParameter("content", "the complete new content of the file", true)
            .build();

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    /** No outside text: it says what it wrote where, in the model's own words and numbers. */
    @Override
    public boolean bringsOutsideText() {
        return false;
    }

    @Override
    public List<Access> accesses(ToolArguments arguments) {
        return List.of(new Access.Write(arguments.requireString("path")));
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException {
        String asked = arguments.requireString("path");
        String content = arguments.requireString("content");
        Path file;
        try {
            file = context.workspace().resolve(asked);
        } catch (PathDeniedException e) {
            return e.toResult();
        }
        if (Files.isDirectory(file)) {
            return TextFiles.failure("is_directory", "'" + asked + "' is a folder; give a file path");
        }
        var special = TextFiles.special(file, asked); // a FIFO or device replaced by a file would surprise its users
        if (special.isPresent()) {
            return special.get();
        }
        boolean created = !Files.exists(file);
        PinnedFolders.replace(context.workspace(), file, content);
        int bytes = content.getBytes(StandardCharsets.UTF_8).length;
        long lines = TextFiles.lines(content);
        String shown = context.workspace().display(file);
        return new ToolResult.Success((created ? "Created " : "Replaced ") + shown + " (" + lines + " lines, " + bytes
                + " bytes)", Map.of("path", shown, "bytes", bytes, "lines", lines, "created", created));
    }
}
