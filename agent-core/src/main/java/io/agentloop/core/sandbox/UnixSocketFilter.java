package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The seccomp filter every sandboxed command runs under: {@code socket(AF_UNIX, ...)} fails with
 * {@code EACCES}, so no command can connect to a Unix socket of the host (a container engine's, an
 * SSH or GPG agent's, a desktop bus), wherever its file lies and whether the network is on or off;
 * abstract sockets included. {@code socketpair} stays allowed (pipes between a command's own
 * processes). {@code io_uring_setup} fails too, since io_uring opens sockets without the system call
 * the filter sees; so does every system call of a foreign architecture (32-bit x86 has its own
 * socket entry points), and the x32 calls. bubblewrap loads the program ({@code --seccomp FD}) just
 * before it starts the command, after its own set-up.
 *
 * <p>The program is classic BPF over {@code struct seccomp_data} (nr at 0, arch at 4, args[0] at 16,
 * its low half first on these little-endian machines), for x86_64 and aarch64.
 */
final class UnixSocketFilter {
    private static final int AUDIT_ARCH_X86_64 = 0xC000003E;
    private static final int AUDIT_ARCH_AARCH64 = 0xC00000B7;
    private static final int X32_SYSCALL_BIT = 0x40000000;
    private static final int SOCKET_X86_64 = 41;
    private static final int SOCKET_AARCH64 = 198;
    private static final int IO_URING_SETUP = 425;
    private static final int AF_UNIX = 1;
    private static final int EACCES = 13;
    private static final int RET_ALLOW = 0x7FFF0000;
    private static final int RET_ERRNO = 0x00050000;
    private static final int RET_KILL_PROCESS = 0x80000000;
    private static final short LD_W_ABS = 0x20;
    private static final short JEQ_K = 0x15;
    private static final short JGE_K = 0x35;
    private static final short RET_K = 0x06;

    private UnixSocketFilter() {
    }

    /** The compiled program: 8 bytes an instruction, as the kernel reads it. */
    static byte[] program() {
        ByteBuffer out = ByteBuffer.allocate(15 * 8).order(ByteOrder.nativeOrder());
        // Jump offsets count instructions after the next one; the labels are the instruction numbers.
        op(out, LD_W_ABS, 0, 0, 4);                                   // 0: A = arch
        op(out, JEQ_K, 1, 0, AUDIT_ARCH_X86_64);                      // 1: x86_64 -> 3
        op(out, JEQ_K, 4, 11, AUDIT_ARCH_AARCH64);                    // 2: aarch64 -> 7, else -> 14
        op(out, LD_W_ABS, 0, 0, 0);                                   // 3: A = nr
        op(out, JGE_K, 8, 0, X32_SYSCALL_BIT);                        // 4: x32 -> 13
        op(out, JEQ_K, 4, 0, SOCKET_X86_64);                          // 5: socket -> 10
        op(out, JEQ_K, 6, 5, IO_URING_SETUP);                         // 6: io_uring -> 13, else -> 12
        op(out, LD_W_ABS, 0, 0, 0);                                   // 7: A = nr
        op(out, JEQ_K, 1, 0, SOCKET_AARCH64);                         // 8: socket -> 10
        op(out, JEQ_K, 3, 2, IO_URING_SETUP);                         // 9: io_uring -> 13, else -> 12
        op(out, LD_W_ABS, 0, 0, 16);                                  // 10: A = domain
        op(out, JEQ_K, 1, 0, AF_UNIX);                                // 11: AF_UNIX -> 13
        op(out, RET_K, 0, 0, RET_ALLOW);                              // 12
        op(out, RET_K, 0, 0, RET_ERRNO | EACCES);                     // 13
        op(out, RET_K, 0, 0, RET_KILL_PROCESS);                       // 14
        return out.array();
    }

    /** Whether this machine's architecture is one the program knows. */
    static boolean supported() {
        String arch = System.getProperty("os.arch", "");
        return (arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))
                && ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    }

    /** Writes the program to a new file only this user can read, removed when the JVM ends. */
    static Path write() throws IOException {
        Path file = Files.createTempFile("agentloop-seccomp-", ".bpf",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        file.toFile().deleteOnExit();
        Files.write(file, program());
        return file;
    }

    private static void op(ByteBuffer out, short code, int jumpIfTrue, int jumpIfFalse, int k) {
        out.putShort(code).put((byte) jumpIfTrue).put((byte) jumpIfFalse).putInt(k);
    }
}
