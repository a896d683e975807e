package io.agentloop.server.run;

import io.agentloop.server.backend.RequestException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The server's workspace root and the folders of it runs work in: a name a client gives is one
 * folder under the root, never a path out of it, a link or a folder reached through one; and a folder
 * one user's run made is no other user's ({@link WorkspaceOwners}).
 */
final class RunWorkspaces {
    private static final Pattern FOLDER_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private final Path root;
    private final WorkspaceOwners owners;

    /** Makes the root when it is not there; whose each folder is, is kept in {@code data}. */
    RunWorkspaces(Path root, Path data) {
        this.root = root.toAbsolutePath().normalize();
        this.owners = new WorkspaceOwners(data);
        try {
            Files.createDirectories(this.root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the workspace root " + this.root + ": " + e.getMessage(), e);
        }
    }

    /** The folder every run's workspace is a folder of. */
    Path root() {
        return root;
    }

    /**
     * The workspace folder a name stands for.
     *
     * @throws RequestException 400 naming what is wrong with the name
     */
    Path folder(String name) {
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

    /**
     * Lets {@code caller}'s run work in the folder {@code name} (checked by {@link #folder}): one of its
     * own or a new one, which is its own from now on; an administrator's run any.
     *
     * @return whether the folder became the caller's now: {@link #release} it if the run does not start
     * @throws RequestException 404, as for anything missing, when the folder is another's
     */
    boolean claim(String name, Caller caller) {
        return owners.claim(name, caller, Files.exists(root.resolve(name), LinkOption.NOFOLLOW_LINKS));
    }

    /** Records whose a folder a run on record works in is, when nothing says so yet. */
    void adopt(String name, String owner) {
        owners.adopt(name, owner);
    }

    /** Forgets a {@link #claim} whose run did not start. */
    void release(String name) {
        owners.release(name);
    }

    /** Makes a run's folder when it is not there; true when it was made (and so is removed if the run does not start). */
    static boolean make(Path folder) throws IOException {
        boolean made = !Files.exists(folder, LinkOption.NOFOLLOW_LINKS);
        Files.createDirectories(folder);
        return made;
    }

    /** Removes a folder made for a run that did not start, unless the backend wrote into it. */
    static void deleteEmpty(Path folder) {
        try {
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // a folder the backend wrote into stays
        }
    }
}
