package io.agentloop.core.sandbox;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.SandboxedProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The macOS command sandbox: {@code sandbox-exec} with a Seatbelt profile written for each command.
 * Everything is allowed but what the profile denies: writing anywhere but the writable folders, the
 * system's temporary folders and {@code /dev}; reading the hidden secret locations; the network,
 * unless enabled. macOS has no PID namespace, so the process tree is held as a process group (see
 * {@link ProcessGroup}). The environment is the same allow-list as on Linux.
 */
public final class Seatbelt implements CommandSandbox {
    static final Path SANDBOX_EXEC = Path.of("/usr/bin/sandbox-exec");

    private final SandboxSettings settings;

    public Seatbelt(SandboxSettings settings) {
        this.settings = settings;
    }

    @Override
    public SandboxedProcess start(List<String> command, Path directory, Map<String, String> environment)
            throws IOException {
        List<String> line = new ArrayList<>(List.of(SANDBOX_EXEC.toString(), "-p", profile()));
        line.addAll(command);
        return new Unconfined.Grouped(ProcessSpawner.start(ProcessGroup.leading(line), directory,
                settings.environment(), environment));
    }

    @Override
    public Containment containment() {
        return Containment.CONTAINED;
    }

    @Override
    public String description() {
        return "seatbelt (sandbox-exec): commands write only in " + String.join(", ",
                settings.writable().stream().map(Path::toString).toList()) + " and the temporary folders, secret "
                + "files hidden, network " + (settings.network() ? "on" : "off");
    }

    /** The Seatbelt profile (SBPL) for the current state of the writable folders. */
    String profile() throws IOException {
        StringBuilder p = new StringBuilder("(version 1)\n(allow default)\n");
        p.append("(deny file-write*)\n(allow file-write*\n");
        for (Path folder : settings.writable()) {
            p.append("    (subpath ").append(quote(folder)).append(")\n");
        }
        p.append("    (subpath \"/private/tmp\") (subpath \"/private/var/folders\")\n")
                .append("    (literal \"/dev/null\") (literal \"/dev/tty\") (regex #\"^/dev/fd/\"))\n");
        Set<Path> hidden = new LinkedHashSet<>(SecretLocations.ofHomes(settings.homes()));
        hidden.addAll(settings.hidden());
        List<Path> readOnly = new ArrayList<>(settings.readOnly());
        for (Path folder : settings.writable()) {
            SecretLocations.Found found = SecretLocations.under(folder);
            hidden.addAll(found.secrets());
            hidden.addAll(found.unreadable());
            found.gitEntries().stream().filter(Files::isDirectory).forEach(git -> GitRepositories.PARTS.forEach(part ->
                    readOnly.add(git.resolve(part))));
            // The next run's instructions and settings, also before they exist.
            readOnly.add(folder.resolve(".agentloop"));
            readOnly.addAll(found.instructions());
        }
        if (!readOnly.isEmpty()) {
            p.append("(deny file-write*\n");
            readOnly.forEach(path -> p.append("    (subpath ").append(quote(path)).append(")\n"));
            p.append(")\n");
        }
        for (Path folder : settings.enclosing()) {
            // the last rule that matches decides: the folder is unreadable but for the writable folders in it
            p.append("(deny file-read* (subpath ").append(quote(folder)).append("))\n(allow file-read*");
            settings.writable().stream().filter(w -> w.startsWith(folder)).forEach(w -> p.append(" (subpath ")
                    .append(quote(w)).append(")"));
            p.append(" (literal ").append(quote(folder)).append("))\n");
        }
        if (!hidden.isEmpty()) {
            p.append("(deny file-read* file-write*\n");
            for (Path path : hidden) {
                p.append("    (").append(Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) ? "subpath" : "literal")
                        .append(' ').append(quote(path)).append(")\n");
            }
            p.append(")\n");
        }
        if (!settings.network()) {
            p.append("(deny network*)\n");
        }
        return p.toString();
    }

    private static String quote(Path path) {
        return "\"" + path.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
