package io.agentloop.api.permission;

import java.util.Objects;

/**
 * Something a tool call would touch, as permission rules see it: a file to read or write, a shell
 * command to run, a host to contact. A tool lists them with
 * {@link io.agentloop.api.tool.Tool#accesses}; the platform checks each against the workspace and
 * the rules before the call runs.
 *
 * <pre>{@code
 * public List<Access> accesses(ToolArguments arguments) {
 *     return List.of(new Access.Write(arguments.requireString("path")));
 * }
 * }</pre>
 */
public sealed interface Access {

    /** The path, command or host exactly as the model gave it. Never null. */
    String value();

    /** Reads a file or folder. The path is relative to the workspace root, or absolute. */
    record Read(String value) implements Access {
        public Read {
            Objects.requireNonNull(value, "value");
        }
    }

    /** Creates, changes or deletes a file. The path is relative to the workspace root, or absolute. */
    record Write(String value) implements Access {
        public Write {
            Objects.requireNonNull(value, "value");
        }
    }

    /** Runs a shell command line; compound lines are judged piece by piece. */
    record Command(String value) implements Access {
        public Command {
            Objects.requireNonNull(value, "value");
        }
    }

    /** Contacts a network host (name or address, no port). */
    record Host(String value) implements Access {
        public Host {
            Objects.requireNonNull(value, "value");
        }
    }
}
