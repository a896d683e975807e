package io.agentloop.server.http;

import io.agentloop.api.run.PendingCall;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.core.workspace.SandboxWorkspace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
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
    private final Consumer<Path> opened;

    /** @param workspaces the folder the runs' workspace folders are in */
    PendingFile(UnaryOperator<String> mask, Path workspaces) {
        this(mask, workspaces, file -> { });
    }

    /**
     * As above; {@code opened} is told of each file once it is open and before it is read, where a
     * test changes the file as a run's process might then.
     */
    PendingFile(UnaryOperator<String> mask, Path workspaces, Consumer<Path> opened) {
        this.mask = mask;
        this.workspaces = workspaces;
        this.opened = opened;
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
        Path folder;
        Path file;
        try {
            folder = workspaces.resolve(workspace).toRealPath();
            if (!folder.getParent().equals(workspaces.toRealPath())) {
                return Optional.empty(); // no longer the run's folder under the root: nothing of it is read
            }
            file = SandboxWorkspace.of(folder).resolve(asked);
        } catch (PathDeniedException | IllegalArgumentException | IOException e) {
            return Optional.empty();
        }
        return Optional.of(content(folder, file, JSON.createObjectNode().put("path", asked)));
    }

    /**
     * The file's fields: opened once, no link followed (a run's process may have swapped the file or a
     * folder on its way for a link since the workspace resolved it: the server has no sandbox and would
     * read the link's target), its size taken from what was opened, and no more read than the limit
     * allows (it may grow while it is read).
     */
    ObjectNode content(Path folder, Path file, ObjectNode node) {
        try (SeekableByteChannel channel = LinkFreeOpening.open(folder, folder.relativize(file))) {
            node.put("exists", true);
            if (channel.size() > MAX_BYTES) {
                return tooLarge(node);
            }
            opened.accept(file);
            ByteBuffer bytes = ByteBuffer.allocate(MAX_BYTES + 1);
            while (bytes.hasRemaining() && channel.read(bytes) >= 0) {
                // reads on to the end or just past the limit, whatever size the file has become
            }
            if (!bytes.hasRemaining()) {
                return tooLarge(node);
            }
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes.flip()).toString();
            return node.put("shown", true).put("content", mask.apply(text));
        } catch (NoSuchFileException e) {
            return node.put("exists", false).put("shown", true).put("content", "");
        } catch (LinkFreeOpening.NotARegularFile e) {
            return node.put("exists", true).put("shown", false).put("why", e.getMessage());
        } catch (CharacterCodingException e) {
            return node.put("shown", false).put("why", "it is not UTF-8 text");
        } catch (IOException e) {
            return node.put("exists", true).put("shown", false)
                    .put("why", "it could not be read (" + e.getMessage() + ")");
        }
    }

    private static ObjectNode tooLarge(ObjectNode node) {
        return node.put("shown", false).put("why", "it is larger than " + MAX_BYTES / 1024 + " KiB");
    }

    /** The field as it goes into a waiting call's JSON. */
    static void add(ObjectNode pending, Optional<ObjectNode> file) {
        file.ifPresent(value -> pending.set("file", value));
    }
}
