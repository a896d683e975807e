package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code .agentloop} folders of the workspace: what the next run reads as its instructions and
 * settings (skills, above all), which the sandbox keeps read-only. One that does not exist at the top
 * of a writable folder cannot be bound read-only, so it is made, empty, before the first command, and
 * left there: a folder removed after one launcher's command would take with it the read-only mount
 * another launcher's command on the same workspace relies on (the kernel detaches a mount whose
 * point is removed in another namespace), and a count of who uses it could not cover other processes.
 * Deeper in the tree, one a command makes anew is put out of action when the command ends
 * ({@link #disableNew}), as a planted git repository is.
 */
final class InstructionFolders {
    static final String NAME = ".agentloop";

    private final List<Path> writable;

    InstructionFolders(List<Path> writable) {
        this.writable = List.copyOf(writable);
    }

    /** A command is about to start: every folder exists when this returns, or cannot be made by anyone. */
    void enter() {
        for (Path folder : writable) {
            Path instructions = folder.resolve(NAME);
            if (!Files.exists(instructions, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createDirectory(instructions);
                } catch (IOException e) {
                    // A folder this user cannot write in (no command of theirs can make it either), or another
                    // launcher made it at the same moment.
                }
            }
        }
    }

    /**
     * The {@code .agentloop} entries (folders, or links a later run might follow) a command made:
     * each is renamed aside, so no later run takes it for its instructions; says what was done, one
     * sentence each, for the model. Those at the top of the writable folders are the sandbox's own.
     *
     * @param base the folder paths are told relative to
     */
    static List<String> disableNew(List<Path> before, List<Path> after, List<Path> writable, Path base) {
        Set<Path> known = new HashSet<>(before);
        writable.forEach(folder -> known.add(folder.resolve(NAME)));
        List<String> notices = new ArrayList<>();
        for (Path made : after) {
            if (known.contains(made)) {
                continue;
            }
            try {
                Path aside = GitRepositories.aside(made);
                notices.add("the command made " + shown(made, base) + ", a folder of instructions and settings a later "
                        + "run would obey; it was put out of action (renamed to " + shown(aside, base) + "). Ask the "
                        + "user to add skills or settings");
            } catch (IOException e) {
                notices.add("the command made " + shown(made, base) + ", a folder of instructions and settings a later "
                        + "run would obey, and it could not be renamed aside (" + e.getMessage() + "): tell the user "
                        + "to remove it before starting a run there");
            }
        }
        return notices;
    }

    private static String shown(Path path, Path base) {
        return path.startsWith(base) && !path.equals(base) ? base.relativize(path).toString() : path.toString();
    }
}
