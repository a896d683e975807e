package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code .agentloop} folders at the top of the writable folders: what the next run reads as its
 * instructions and settings (skills, above all), which the sandbox keeps read-only. One that does not
 * exist cannot be bound read-only, so it is made, empty, while commands run, and removed once none
 * runs: no command can make it meanwhile (its name is taken by a read-only mount point).
 */
final class InstructionFolders {
    static final String NAME = ".agentloop";

    private final List<Path> writable;
    private final Set<Path> made = new LinkedHashSet<>();
    private int running;

    InstructionFolders(List<Path> writable) {
        this.writable = List.copyOf(writable);
    }

    /** A command is about to start: every folder exists when this returns, or cannot be made by anyone. */
    synchronized void enter() {
        for (Path folder : writable) {
            Path instructions = folder.resolve(NAME);
            if (!Files.exists(instructions, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(instructions);
                    made.add(instructions);
                } catch (IOException e) {
                    // A folder this user cannot write in: no command of theirs can make it either.
                }
            }
        }
        running++;
    }

    /** A command ended: once none runs, the empty folders made for them go again. */
    synchronized void leave() {
        if (--running > 0) {
            return;
        }
        for (Path folder : made) {
            try {
                Files.deleteIfExists(folder);
            } catch (IOException e) {
                // Not empty (the user put something there meanwhile): it stays as it is.
            }
        }
        made.clear();
    }
}
