package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which objects a git object folder holds, read from its files without running git: a loose
 * object's id is its path ({@code ab/cdef...}), a pack's ids are listed in its index
 * ({@code pack-*.idx}, version 2). Used after a command deleted object files, to tell a repacked
 * object (still there, in a new pack) from a lost one.
 */
final class StoredObjects {
    private static final Pattern LOOSE_FOLDER = Pattern.compile("[0-9a-f]{2}");
    private static final Pattern LOOSE_FILE = Pattern.compile("[0-9a-f]{38}|[0-9a-f]{62}");
    private static final int IDX_MAGIC = 0xff744f63;

    private StoredObjects() {
    }

    /** The object id a path under {@code objects/} stands for, when it is a loose object's. */
    static Optional<String> looseId(String relative) {
        String[] names = relative.split("/");
        if (names.length == 3 && names[0].equals("objects") && LOOSE_FOLDER.matcher(names[1]).matches()
                && LOOSE_FILE.matcher(names[2]).matches()) {
            return Optional.of(names[1] + names[2]);
        }
        return Optional.empty();
    }

    /** Every object id in the object folder now: its loose objects and the ids of each readable pack index. */
    static Set<String> present(Path objects) throws IOException {
        Set<String> ids = new HashSet<>();
        if (!Files.isDirectory(objects, LinkOption.NOFOLLOW_LINKS)) {
            return ids;
        }
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(objects)) {
            for (Path folder : folders) {
                String name = folder.getFileName().toString();
                if (LOOSE_FOLDER.matcher(name).matches() && Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                    try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
                        for (Path file : files) {
                            looseId("objects/" + name + "/" + file.getFileName()).ifPresent(ids::add);
                        }
                    }
                }
            }
        }
        Path packs = objects.resolve("pack");
        if (Files.isDirectory(packs, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> indexes = Files.newDirectoryStream(packs, "pack-*.idx")) {
                for (Path index : indexes) {
                    if (Files.exists(packs.resolve(index.getFileName().toString().replaceFirst("\\.idx$", ".pack")))) {
                        ids.addAll(inIndex(index).orElse(Set.of()));
                    }
                }
            }
        }
        return ids;
    }

    /**
     * The ids a pack index lists, or empty when it is not a version 2 index whose size matches its
     * count (an older format, or a damaged file: then nothing is taken to be in it).
     */
    static Optional<Set<String>> inIndex(Path index) throws IOException {
        try (FileChannel channel = FileChannel.open(index, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = channel.size();
            if (size < 8 + 1024) {
                return Optional.empty();
            }
            ByteBuffer header = ByteBuffer.allocate(8 + 1024);
            readFully(channel, header, 0);
            header.flip();
            if (header.getInt() != IDX_MAGIC || header.getInt() != 2) {
                return Optional.empty();
            }
            int count = header.getInt(8 + 255 * 4);
            // size = header + count * (id + crc + offset) + large offsets + two trailing checksums
            for (int idLength : new int[] {20, 32}) {
                long fixed = 8 + 1024 + (long) count * (idLength + 8) + 2L * idLength;
                if (count >= 0 && size >= fixed && (size - fixed) % 8 == 0 && (size - fixed) / 8 <= count) {
                    ByteBuffer ids = ByteBuffer.allocate(Math.multiplyExact(count, idLength));
                    readFully(channel, ids, 8 + 1024);
                    Set<String> found = new HashSet<>(count * 2);
                    HexFormat hex = HexFormat.of();
                    for (int i = 0; i < count; i++) {
                        found.add(hex.formatHex(ids.array(), i * idLength, (i + 1) * idLength));
                    }
                    return Optional.of(found);
                }
            }
            return Optional.empty();
        }
    }

    private static void readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                throw new IOException("the pack index ended early");
            }
        }
    }
}
