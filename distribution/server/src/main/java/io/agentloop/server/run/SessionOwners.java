package io.agentloop.server.run;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Whose each session of served runs is: the caller whose run made it. Kept apart from the runs'
 * records ({@code <data>/sessions.json}, written whole at every new session), since a session
 * outlives the records retention forgets. A session no served run made (one of {@code agentloop run})
 * has no owner: only an administrator sees it.
 */
final class SessionOwners {
    private static final Logger LOG = LoggerFactory.getLogger(SessionOwners.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Path file;
    private final Map<String, String> owners = new TreeMap<>();

    SessionOwners(Path data) {
        this.file = data.resolve("sessions.json");
        try {
            JSON.readTree(Files.readAllBytes(file)).properties().forEach(entry -> {
                if (entry.getValue().isString()) {
                    owners.put(entry.getKey(), entry.getValue().asString());
                }
            });
        } catch (NoSuchFileException none) {
            // no served run has made a session yet
        } catch (IOException | JacksonException e) {
            throw new IllegalStateException("cannot read whose the served sessions are from " + file + ": "
                    + e.getMessage() + "; fix or remove the file (then only an administrator's token sees them)", e);
        }
    }

    /** The session's owner, once a served run made it. */
    synchronized Optional<String> owner(String session) {
        return Optional.ofNullable(owners.get(session));
    }

    /** Records that {@code owner}'s run made the session; a session that has an owner keeps it. */
    synchronized void claim(String session, String owner) {
        if (session.isEmpty() || owners.putIfAbsent(session, owner) != null) {
            return;
        }
        ObjectNode node = JSON.createObjectNode();
        owners.forEach(node::put);
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(temporary, JSON.writeValueAsBytes(node));
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            LOG.warn("could not record whose session {} is in {}: {}", session, file, e.toString());
        }
    }
}
