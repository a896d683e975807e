package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Makes a folder inside a repository for what is put back there, as a real folder: a command may
 * have left a link (to somewhere that vanishes with the sandbox's {@code /tmp}) or a file where
 * {@code objects/}, {@code refs/} or one of their folders was. Such an entry is moved aside (named
 * {@code ...agentloop-disabled}), never followed, so what is put back lands in the repository.
 */
final class RealFolders {
    private RealFolders() {
    }

    /** Makes {@code folder} and every folder between it and {@code gitDir} a real folder. */
    static Path make(Path gitDir, Path folder) throws IOException {
        if (!folder.startsWith(gitDir)) {
            throw new IOException(folder + " is not inside the repository " + gitDir);
        }
        Path current = gitDir;
        for (Path name : gitDir.relativize(folder)) {
            current = current.resolve(name);
            if (Files.isSymbolicLink(current) || Files.exists(current, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isDirectory(current, LinkOption.NOFOLLOW_LINKS)) {
                GitRepositories.aside(current);
            }
            if (!Files.isDirectory(current, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectory(current);
            }
        }
        return folder;
    }
}
