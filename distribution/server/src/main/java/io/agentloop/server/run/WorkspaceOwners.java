package io.agentloop.server.run;

import io.agentloop.server.backend.RequestException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Whose each workspace folder of served runs is: the caller whose run made it. Without it two users
 * naming the same folder would share it, and with it what one wrote, the file a waiting write of
 * theirs shows, and the rules said "always" to there. Kept in {@code <data>/workspaces.json}, written
 * whole at every new folder, as {@link SessionOwners} keeps sessions. A folder no served run is known
 * to have made (one there before the server) is an administrator's alone.
 */
final class WorkspaceOwners {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Path file;
    private final Map<String, String> owners = new TreeMap<>();

    WorkspaceOwners(Path data) {
        this.file = data.resolve("workspaces.json");
        try {
            JSON.readTree(Files.readAllBytes(file)).properties().forEach(entry -> {
                if (entry.getValue().isString()) {
                    owners.put(entry.getKey(), entry.getValue().asString());
                }
            });
        } catch (NoSuchFileException none) {
            // no served run has made a workspace yet
        } catch (IOException | JacksonException e) {
            throw new IllegalStateException("cannot read whose the served workspaces are from " + file + ": "
                    + e.getMessage() + "; fix or remove the file (then only an administrator's token uses them)", e);
        }
    }

    /**
     * Lets {@code caller} use the folder {@code name}: one it made, or one that is not there yet (it is
     * theirs from now on); an administrator any.
     *
     * @return whether the folder became the caller's now (so {@link #release} undoes it if the run does not start)
     * @throws RequestException 404, as for a folder that does not exist, when the folder is someone else's
     */
    synchronized boolean claim(String name, Caller caller, boolean exists) {
        String owner = owners.get(name);
        if (owner != null ? !caller.sees(owner) : exists && !caller.admin()) {
            throw RequestException.notFound("there is no workspace '" + name + "': name a folder your runs made, "
                    + "or a new one");
        }
        if (owner != null || exists) {
            return false;
        }
        owners.put(name, caller.name());
        try {
            save();
        } catch (UncheckedIOException e) {
            owners.remove(name);
            throw e;
        }
        return true;
    }

    /** Records the owner of a folder a run on record works in, when none is known (records older than this file). */
    synchronized void adopt(String name, String owner) {
        if (owners.putIfAbsent(name, owner) == null) {
            save();
        }
    }

    /** Forgets a claim whose run did not start. */
    synchronized void release(String name) {
        owners.remove(name);
        save();
    }

    private void save() {
        ObjectNode node = JSON.createObjectNode();
        owners.forEach(node::put);
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.getParent());
            Files.write(temporary, JSON.writeValueAsBytes(node));
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // unlike a session's, a folder whose owner is lost would be an administrator's alone after a
            // restart, its user's run refused then: better refused now, saying why
            throw new UncheckedIOException("cannot record whose workspace is in " + file + ": " + e.getMessage()
                    + "; check that the server's data folder can be written", e);
        }
    }
}
