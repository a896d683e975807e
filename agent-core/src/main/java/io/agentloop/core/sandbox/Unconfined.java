package io.agentloop.core.sandbox;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.SandboxedProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * No sandbox: commands run as the user, with the environment less what looks secret, in a process
 * group of their own that is killed as a whole. Used where no sandbox exists (commands then ask in
 * every permission mode) or where the user turned it off.
 */
public final class Unconfined implements CommandSandbox {
    private final Containment containment;
    private final Map<String, String> environment;
    private final String why;

    /**
     * @param containment {@link Containment#UNAVAILABLE} or {@link Containment#DISABLED}
     * @param why         what the user is told: why nothing contains the commands
     */
    public Unconfined(Containment containment, Map<String, String> environment, String why) {
        if (containment == Containment.CONTAINED) {
            throw new IllegalArgumentException("an unconfined sandbox cannot claim to contain commands");
        }
        this.containment = containment;
        this.environment = Map.copyOf(environment);
        this.why = why;
    }

    @Override
    public SandboxedProcess start(List<String> command, Path directory, Map<String, String> extra) throws IOException {
        return new Grouped(ProcessSpawner.start(ProcessGroup.leading(command), directory, environment, extra));
    }

    @Override
    public Containment containment() {
        return containment;
    }

    @Override
    public String description() {
        return "no sandbox: " + why;
    }

    /** A process whose tree is held as a process group (see {@link ProcessGroup}). */
    record Grouped(Process process) implements SandboxedProcess {
        @Override
        public void kill() {
            ProcessGroup.kill(process);
        }
    }
}
