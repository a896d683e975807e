package io.agentloop.core.output;

import tools.jackson.databind.ObjectMapper;

/**
 * Whether classes of a program on the module path can be reached where Agentloop needs them: the
 * core calls annotated tool methods, Jackson reads arguments and answers into records. A package
 * its module does not export (or, for a class that is not public, open) to the one that reaches in
 * fails only at the first call, after the model was asked; checked up front, the mistake is one
 * error naming the {@code module-info.java} line to add. On the class path everything is reachable.
 */
public final class ModuleAccess {
    private static final Module CORE = ModuleAccess.class.getModule();
    private static final Module JACKSON = ObjectMapper.class.getModule();

    private ModuleAccess() {
    }

    /**
     * @param what what the core does with {@code type}, for the message ({@code "calls com.acme.Clock.now"})
     * @throws IllegalArgumentException when the core cannot reach {@code type}
     */
    public static void requireCoreReaches(Class<?> type, String what) {
        require(type, CORE, what);
    }

    /**
     * @param what what Jackson does with {@code type}, for the message
     * @throws IllegalArgumentException when Jackson cannot reach {@code type}
     */
    public static void requireJacksonReaches(Class<?> type, String what) {
        if (JACKSON.isNamed()) { // Jackson on the class path: nothing to name here
            require(type, JACKSON, what);
        }
    }

    private static void require(Class<?> type, Module reader, String what) {
        Module module = type.getModule();
        String pkg = type.getPackageName();
        if (!module.isNamed() || module == reader) {
            return;
        }
        if (isPublic(type) ? module.isExported(pkg, reader) : module.isOpen(pkg, reader)) {
            return;
        }
        // Exporting is enough for a public class; one that is not public is reached by deep reflection.
        String verb = isPublic(type) ? "export" : "open";
        String line = (isPublic(type) ? "exports " : "opens ") + pkg + " to " + reader.getName() + ";";
        throw new IllegalArgumentException(reader.getName() + " " + what + ", but module " + module.getName()
                + " does not " + verb + " " + pkg + " to " + reader.getName() + ": add `" + line + "` to its "
                + "module-info.java");
    }

    /** Public, and so is every class it is nested in. */
    private static boolean isPublic(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
            if (!java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
                return false;
            }
        }
        return true;
    }
}
