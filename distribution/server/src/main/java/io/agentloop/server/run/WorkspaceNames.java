package io.agentloop.server.run;

import io.agentloop.server.backend.RequestException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The names a request may give a served run's workspace: one folder under the server's workspace
 * root, never a path out of it (no separators, no dots alone, no link leading elsewhere).
 */
final class WorkspaceNames {
    private static final Pattern FOLDER_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private WorkspaceNames() {
    }

    /**
     * The folder {@code name} stands for under {@code root} (absolute and normal).
     *
     * @throws RequestException when the name is no folder name or leads outside the root
     */
    static Path folder(Path root, String name) {
        if (!FOLDER_NAME.matcher(name).matches() || name.equals("..") || name.chars().allMatch(c -> c == '.')) {
            throw RequestException.badRequest("workspace '" + name + "' is not a folder name: name a folder under the "
                    + "server's workspace root with letters, digits, '.', '_' and '-' (at most 64), not a path");
        }
        Path folder = root.resolve(name).normalize();
        try {
            if (!folder.getParent().equals(root)
                    || (Files.exists(folder, LinkOption.NOFOLLOW_LINKS) && (Files.isSymbolicLink(folder)
                    || !folder.toRealPath().startsWith(root.toRealPath())))) {
                throw RequestException.badRequest("workspace '" + name + "' leads outside the server's workspace root: "
                        + "name another folder");
            }
        } catch (IOException e) {
            throw RequestException.badRequest("workspace '" + name + "' cannot be used: " + e.getMessage());
        }
        return folder;
    }
}
