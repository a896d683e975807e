package io.agentloop.examples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What a program prints while it runs (the examples print their answers). */
public final class Stdout {
    private Stdout() {
    }

    public interface Program {
        void run() throws Exception;
    }

    public static String of(Program program) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            program.run();
        } finally {
            System.setOut(original);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }
}
