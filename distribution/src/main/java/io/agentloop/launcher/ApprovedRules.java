package io.agentloop.launcher;

import io.agentloop.core.secret.PrivateFiles;
import io.agentloop.core.session.FileSessionStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The allow rules a person gave "always" to, per workspace: answering "always" at the terminal and
 * {@code agentloop approve --always} add them, and every later run in that workspace allows what they
 * match (deny rules still win: the strictest rule decides). Kept outside the workspace, in a folder
 * private to the user beside the sessions ({@code approved-rules/}), one file per workspace named
 * after a hash of its path: a repository cannot ship approvals of its own, and a command cannot
 * grant itself one.
 */
final class ApprovedRules {
    private final Path folder;

    ApprovedRules(Path folder) {
        this.folder = folder.toAbsolutePath().normalize();
    }

    /** The folder beside the sessions ({@code sessions.folder}, or the default one). */
    static ApprovedRules of(LauncherConfig config) {
        return new ApprovedRules(folder(config));
    }

    static Path folder(LauncherConfig config) {
        return config.get("sessions.folder").map(Path::of).orElseGet(FileSessionStore::defaultFolder)
                .toAbsolutePath().normalize().resolveSibling("approved-rules");
    }

    /** The rules given "always" in this workspace, in the order given; none when there is no file. */
    List<String> rules(Path workspace) {
        try {
            List<String> rules = new ArrayList<>();
            for (String line : Files.readAllLines(file(workspace), StandardCharsets.UTF_8)) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    rules.add(line.strip());
                }
            }
            return rules;
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the approved rules in " + file(workspace) + ": "
                    + e.getMessage(), e);
        }
    }

    /** Adds rules for this workspace (those already there are kept once); the file is rewritten whole. */
    synchronized void add(Path workspace, List<String> more) {
        Set<String> all = new LinkedHashSet<>(rules(workspace));
        if (!all.addAll(more)) {
            return;
        }
        StringBuilder text = new StringBuilder("# Allow rules given \"always\" in ")
                .append(workspace.toAbsolutePath().normalize()).append(" (remove a line to ask again)\n");
        all.forEach(rule -> text.append(rule).append('\n'));
        try {
            PrivateFiles.folder(folder);
            Path temp = PrivateFiles.tempFile(folder, ".rules", ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, file(workspace), StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file(workspace), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the approved rules in " + folder + ": " + e.getMessage(), e);
        }
    }

    Path file(Path workspace) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(workspace.toAbsolutePath().normalize()
                    .toString().getBytes(StandardCharsets.UTF_8));
            return folder.resolve(HexFormat.of().formatHex(hash, 0, 12) + ".rules");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
