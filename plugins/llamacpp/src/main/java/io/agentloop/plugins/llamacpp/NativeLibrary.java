package io.agentloop.plugins.llamacpp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Puts llama.cpp's JNI library where the binding loads it from, before the binding's own loader
 * runs. The binding would extract it to a fixed name in the temporary folder (two processes can
 * write it at once) and announce that on standard output (which breaks {@code --json}); here it goes
 * to a per-user cache folder named by the library's hash, written to a temporary file and renamed,
 * and the binding is pointed at it with its {@code de.kherud.llama.lib.path} property.
 */
final class NativeLibrary {
    static final String PATH_PROPERTY = "de.kherud.llama.lib.path";
    private static final String RESOURCE_ROOT = "de/kherud/llama/";
    private static boolean prepared;

    private NativeLibrary() {
    }

    /** Idempotent; leaves a path the user set alone, and the binding's own loader as the fallback. */
    static synchronized void prepare() {
        if (prepared || System.getProperty(PATH_PROPERTY) != null) {
            prepared = true;
            return;
        }
        String resource = RESOURCE_ROOT + platformFolder() + "/" + System.mapLibraryName("jllama");
        try (InputStream in = NativeLibrary.class.getClassLoader().getResourceAsStream(resource)) {
            if (in != null) {
                byte[] library = in.readAllBytes();
                Path folder = cacheRoot().resolve("llamacpp-" + shortHash(library));
                Path target = folder.resolve(System.mapLibraryName("jllama"));
                if (!Files.isRegularFile(target) || Files.size(target) != library.length) {
                    Files.createDirectories(folder);
                    Path temp = Files.createTempFile(folder, "jllama", ".part");
                    Files.write(temp, library);
                    move(temp, target);
                }
                System.setProperty(PATH_PROPERTY, folder.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("llamacpp: cannot unpack the llama.cpp native library (" + e.getMessage()
                    + "); set -D" + PATH_PROPERTY + " to a folder holding " + System.mapLibraryName("jllama"), e);
        }
        prepared = true;
    }

    /** The binding's folder names: {@code Linux/x86_64}, {@code Mac/aarch64}, {@code Windows/x86_64}... */
    static String platformFolder() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osFolder = os.startsWith("windows") ? "Windows" : os.startsWith("mac") || os.contains("darwin") ? "Mac"
                : "Linux";
        String archFolder = switch (arch) {
            case "amd64", "x86_64", "x64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            case "x86", "i386", "i486", "i586", "i686" -> "x86";
            default -> arch;
        };
        return osFolder + "/" + archFolder;
    }

    private static Path cacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path root = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        Path folder = root.resolve("agentloop").resolve("native");
        try {
            Files.createDirectories(folder);
            if (Files.isWritable(folder)) {
                return folder;
            }
        } catch (IOException e) {
            // fall back to the temporary folder below
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "agentloop-native-" + System.getProperty("user.name"));
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String shortHash(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
