package io.agentloop.tools.system;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code system_info}: what the machine is, so the model can choose commands that fit it: the
 * operating system, processors, memory, the disk holding the workspace, the time zone and the
 * current time, and the working folder. It is read from the JVM, not from a command: no
 * environment variable, user name, home folder or file content is in it, so it can reveal no
 * secret, and it needs no approval.
 */
public final class SystemInfoTool implements Tool {
    public static final String NAME = "system_info";
    private static final long MIB = 1024 * 1024;

    private static final ToolSpec SPEC = ToolSpec.builder(NAME)
            .description("Describe the machine the workspace is on: operating system, processors, memory, free disk "
                    + "space, time zone and current time, and the working folder.")
            .build();

    private final Clock clock;

    public SystemInfoTool() {
        this(Clock.systemDefaultZone());
    }

    SystemInfoTool(Clock clock) {
        this.clock = clock;
    }

    @Override
    public ToolSpec spec() {
        return SPEC;
    }

    @Override
    public boolean readOnly() {
        return true;
    }

    @Override
    public boolean bringsOutsideText() {
        return false;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws IOException {
        Path root = context.workspace().root();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        data.put("architecture", System.getProperty("os.arch"));
        data.put("processors", Runtime.getRuntime().availableProcessors());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            data.put("memoryTotalMiB", os.getTotalMemorySize() / MIB);
            data.put("memoryFreeMiB", os.getFreeMemorySize() / MIB);
        }
        FileStore disk = Files.getFileStore(root);
        data.put("diskTotalMiB", disk.getTotalSpace() / MIB);
        data.put("diskFreeMiB", disk.getUsableSpace() / MIB);
        ZoneId zone = clock.getZone();
        data.put("timeZone", zone.getId());
        data.put("time", ZonedDateTime.now(clock).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        data.put("workingFolder", root.toString());
        StringBuilder text = new StringBuilder();
        data.forEach((key, value) -> text.append(text.isEmpty() ? "" : "\n").append(key).append(": ").append(value));
        return new ToolResult.Success(text.toString(), data);
    }
}
