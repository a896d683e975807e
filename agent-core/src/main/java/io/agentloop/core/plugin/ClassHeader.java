package io.agentloop.core.plugin;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The head of a class file: its name, access flags, superclass and interfaces (internal names,
 * {@code a/b/C}) and whether it has a constructor the platform creates extensions with, read from
 * the class file without loading the class, so a plugin jar can be
 * checked for extension classes nobody declared without running any of its code.
 *
 * @param superName  null for {@code java/lang/Object} and module descriptors
 * @param references the classes its constant pool names (arrays as their element class), which
 *                   must be loadable for all of its code to run
 * @param markedExtension whether it carries PF4J's {@code @Extension}: its constant pool holds the
 *                   annotation's type descriptor, which javac writes there only for an annotation
 *                   of that type (or a member declared of it, which no plugin has reason to have)
 */
record ClassHeader(String name, int access, String superName, List<String> interfaces, boolean platformCreatable,
                   List<String> references, boolean markedExtension) {
    /** PF4J's {@code org.pf4j.Extension} as a type descriptor. */
    private static final String EXTENSION_ANNOTATION = "Lorg/pf4j/Extension;";
    static final int PUBLIC = 0x0001;
    static final int INTERFACE = 0x0200;
    static final int ABSTRACT = 0x0400;
    static final int SYNTHETIC = 0x1000;
    static final int ENUM = 0x4000;
    static final int MODULE = 0x8000;
    /** The constructors the platform creates extensions with. */
    private static final List<String> EXTENSION_CONSTRUCTORS = List.of("()V",
            "(Lio/agentloop/api/plugin/PluginContext;)V");

    /**
     * A public concrete class with a public constructor the platform can create it with (none, or a
     * plugin context): a class meant to be an extension. Others are built by the plugin's own code.
     */
    boolean instantiable() {
        return (access & PUBLIC) != 0 && (access & (INTERFACE | ABSTRACT | SYNTHETIC | ENUM | MODULE)) == 0
                && platformCreatable;
    }

    /** @throws IOException when the stream is not a class file */
    static ClassHeader read(InputStream stream) throws IOException {
        DataInputStream in = new DataInputStream(stream);
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNameIndex = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNameIndex[i] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.readUnsignedShort();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++; // eight-byte constants take two entries
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        int access = in.readUnsignedShort();
        String name = className(in.readUnsignedShort(), utf8, classNameIndex);
        int superIndex = in.readUnsignedShort();
        String superName = superIndex == 0 ? null : className(superIndex, utf8, classNameIndex);
        int interfaceCount = in.readUnsignedShort();
        List<String> interfaces = new ArrayList<>(interfaceCount);
        for (int i = 0; i < interfaceCount; i++) {
            interfaces.add(className(in.readUnsignedShort(), utf8, classNameIndex));
        }
        skipMembers(in); // fields
        boolean creatable = false;
        int methods = in.readUnsignedShort();
        for (int i = 0; i < methods; i++) {
            int methodAccess = in.readUnsignedShort();
            String methodName = utf8(in.readUnsignedShort(), utf8);
            String descriptor = utf8(in.readUnsignedShort(), utf8);
            creatable |= (methodAccess & PUBLIC) != 0 && methodName.equals("<init>")
                    && EXTENSION_CONSTRUCTORS.contains(descriptor);
            skipAttributes(in);
        }
        List<String> references = new ArrayList<>();
        for (int index : classNameIndex) {
            String referenced = index == 0 ? null : elementClass(utf8(index, utf8));
            if (referenced != null && !referenced.equals(name)) {
                references.add(referenced);
            }
        }
        boolean marked = java.util.Arrays.asList(utf8).contains(EXTENSION_ANNOTATION);
        return new ClassHeader(name, access, superName, List.copyOf(interfaces), creatable, List.copyOf(references),
                marked);
    }

    /** {@code a/B} for {@code a/B}, {@code [La/B;} and {@code [[La/B;}; null for arrays of primitives. */
    private static String elementClass(String reference) {
        if (!reference.startsWith("[")) {
            return reference;
        }
        String element = reference.substring(reference.lastIndexOf('[') + 1);
        return element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1) : null;
    }

    private static void skipMembers(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        for (int i = 0; i < count; i++) {
            in.skipNBytes(6); // access, name, descriptor
            skipAttributes(in);
        }
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        for (int i = 0; i < count; i++) {
            in.readUnsignedShort();
            in.skipNBytes(Integer.toUnsignedLong(in.readInt()));
        }
    }

    private static String utf8(int index, String[] utf8) throws IOException {
        if (index <= 0 || index >= utf8.length || utf8[index] == null) {
            throw new IOException("a name that is not in the constant pool: " + index);
        }
        return utf8[index];
    }

    private static String className(int index, String[] utf8, int[] classNameIndex) throws IOException {
        if (index <= 0 || index >= classNameIndex.length) {
            throw new IOException("a class reference that is not one: " + index);
        }
        return utf8(classNameIndex[index], utf8);
    }
}
