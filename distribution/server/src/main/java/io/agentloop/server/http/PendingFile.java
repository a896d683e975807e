package io.agentloop.server.http;

import io.agentloop.api.run.PendingCall;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.core.workspace.SandboxWorkspace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The file a {@code write} waiting for approval would replace, as it is now: what a person compares
 * the new content with before approving (the console shows the difference). Read through the run's
 * workspace as the tool itself would resolve the path, so a path the tool may not reach (outside the
 * workspace, a protected name) is not read here either; its text is masked like every text from a run.
 */
final class PendingFile {
    /** Larger files are not sent: a person does not read a diff of them in a page. */
    static final int MAX_BYTES = 256 * 1024;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final UnaryOperator<String> mask;
    private final Path workspaces;

    /** @param workspaces the folder the runs' workspace folders are in */
    PendingFile(UnaryOperator<String> mask, Path workspaces) {
        this.mask = mask;
        this.workspaces = workspaces;
    }

    /**
     * For a {@code write} call: {@code {"path", "exists", "content"}}, or {@code "shown": false} with
     * the reason when its content is not sent (too large, not UTF-8 text, a folder, not readable).
     * Empty for any other call, or a path the workspace refuses.
     */
    Optional<ObjectNode> of(PendingCall call, String workspace) {
        if (!call.call().name().equals("write")) {
            return Optional.empty();
        }
        String asked;
        try {
            asked = JSON.readTree(call.call().arguments()).path("path").asString();
        } catch (RuntimeException e) {
            return Optional.empty(); // the call's arguments are not JSON: the tool refuses it, nothing to compare
        }
        Path file;
        try {
            Path folder = workspaces.resolve(workspace).toRealPath();
            if (!folder.getParent().equals(workspaces.toRealPath())) {
                return Optional.empty(); // no longer the run's folder under the root: nothing of it is read
            }
            file = SandboxWorkspace.of(folder).resolve(asked);
        } catch (PathDeniedException | IllegalArgumentException | IOException e) {
            return Optional.empty();
        }
        ObjectNode node = JSON.createObjectNode().put("path", asked).put("exists", Files.exists(file));
        if (!Files.exists(file)) {
            return Optional.of(node.put("shown", true).put("content", ""));
        }
        return Optional.of(content(file, node));
    }

    private ObjectNode content(Path file, ObjectNode node) {
        try {
            if (!Files.isRegularFile(file)) {
                return node.put("shown", false).put("why", "it is not a regular file");
            }
            if (Files.size(file) > MAX_BYTES) {
                return node.put("shown", false).put("why", "it is larger than " + MAX_BYTES / 1024 + " KiB");
            }
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
            return node.put("shown", true).put("content", mask.apply(text));
        } catch (CharacterCodingException e) {
            return node.put("shown", false).put("why", "it is not UTF-8 text");
        } catch (IOException e) {
            return node.put("shown", false).put("why", "it could not be read (" + e.getMessage() + ")");
        }
    }

    /** The field as it goes into a waiting call's JSON. */
    static void add(ObjectNode pending, Optional<ObjectNode> file) {
        file.ifPresent(value -> pending.set("file", value));
    }
}
