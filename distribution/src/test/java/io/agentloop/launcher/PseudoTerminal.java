package io.agentloop.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The installed launcher in a pseudo-terminal ({@code script} from util-linux), driven as a person
 * at the keyboard drives it: keys are typed once the screen shows what they answer, and a Ctrl-C
 * typed goes through the terminal's line discipline, which sends SIGINT to the launcher as a real
 * terminal does. What the terminal showed is kept in {@code tty.txt} in the test's folder.
 */
final class PseudoTerminal implements AutoCloseable {
    /** The byte a terminal's Ctrl-C key sends. */
    static final String CTRL_C = "\u0003";

    private final Process process;
    private final OutputStream keys;
    private final Path screen;
    private final Path errors;

    private PseudoTerminal(Process process, Path screen, Path errors) {
        this.process = process;
        this.keys = process.getOutputStream();
        this.screen = screen;
        this.errors = errors;
    }

    /** Starts {@code bin/agentloop command} of {@code installed} in a pseudo-terminal, in {@code work}. */
    static PseudoTerminal start(InstalledLauncher installed, Path work, String command) throws IOException {
        Path script = Stream.of("/usr/bin/script", "/bin/script").map(Path::of).filter(Files::isExecutable)
                .findFirst().orElseThrow(() -> new AssertionError("this test drives the launcher in a pseudo-terminal "
                        + "with 'script': install util-linux (Debian: apt-get install bsdutils)"));
        String launcher = "'" + installed.root().resolve("bin/agentloop").toString().replace("'", "'\\''") + "'";
        Path screen = work.resolve("tty.txt");
        Path errors = work.resolve("script-err.txt");
        ProcessBuilder builder = new ProcessBuilder(script.toString(), "-qfec", launcher + " " + command, "/dev/null")
                .directory(work.toFile()).redirectOutput(screen.toFile()).redirectError(errors.toFile());
        installed.environment(builder.environment());
        builder.environment().put("TERM", "xterm-256color");
        builder.environment().put("LANG", "C.UTF-8");
        return new PseudoTerminal(builder.start(), screen, errors);
    }

    /** Types {@code keys} at the terminal. */
    void type(String typed) throws IOException {
        keys.write(typed.getBytes(StandardCharsets.UTF_8));
        keys.flush();
    }

    /** What the terminal has shown so far. */
    String shown() throws IOException {
        return Files.readString(screen, StandardCharsets.UTF_8);
    }

    /** Waits until the screen so far satisfies {@code condition}; fails naming {@code what} and showing the screen. */
    void awaitShown(String what, Predicate<String> condition) throws Exception {
        Await.until(what, () -> condition.test(shown()) || !process.isAlive(), this::shown);
        if (!condition.test(shown())) {
            throw new AssertionError("the launcher ended before " + what + ": " + shown()
                    + Files.readString(errors, StandardCharsets.UTF_8));
        }
    }

    /** Waits for the launcher to end (after the keys that end it were typed). */
    void awaitExit() throws Exception {
        Await.exit(process, "the launcher ends in the terminal: " + shown());
    }

    @Override
    public void close() throws IOException {
        keys.close();
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
