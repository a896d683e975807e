package io.agentloop.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * Where the person in {@code agentloop hub} types: a real terminal (line editing; Ctrl-C during an
 * agent's turn stops that turn, not the hub, as in {@code chat}), or plain lines from the input.
 */
interface HubLines extends AutoCloseable {
    /** The next line, or null at the end of the input. */
    String read(String prompt);

    /** Runs an agent's turn; a Ctrl-C meanwhile calls {@code stop} instead of ending the process. */
    <T> T whileRunning(Supplier<T> turn, Runnable stop);

    @Override
    void close() throws IOException;

    /** The terminal when there is one and no input was given; else the lines of {@code in}. */
    static HubLines open(InputStream in) throws IOException {
        if (in == null && System.console() != null) {
            return new OnTerminal(TerminalBuilder.builder().system(true).build());
        }
        BufferedReader reader = new BufferedReader(new InputStreamReader(in != null ? in : System.in,
                StandardCharsets.UTF_8));
        return new HubLines() {
            @Override
            public String read(String prompt) {
                try {
                    return reader.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public <T> T whileRunning(Supplier<T> turn, Runnable stop) {
                return turn.get();
            }

            @Override
            public void close() {
                // the caller owns the stream
            }
        };
    }

    /** A real terminal. */
    final class OnTerminal implements HubLines {
        private final Terminal terminal;
        private final LineReader reader;

        OnTerminal(Terminal terminal) {
            this.terminal = terminal;
            this.reader = LineReaderBuilder.builder().terminal(terminal).appName("agentloop").build();
        }

        @Override
        public String read(String prompt) {
            while (true) {
                try {
                    return reader.readLine(prompt);
                } catch (UserInterruptException e) {
                    // Ctrl-C at the prompt clears the line
                } catch (EndOfFileException e) {
                    return null;
                }
            }
        }

        @Override
        public <T> T whileRunning(Supplier<T> turn, Runnable stop) {
            Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> stop.run());
            try {
                return turn.get();
            } finally {
                terminal.handle(Terminal.Signal.INT, previous);
            }
        }

        @Override
        public void close() throws IOException {
            terminal.close();
        }
    }
}
