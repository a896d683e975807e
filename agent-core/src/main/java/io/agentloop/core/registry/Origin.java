package io.agentloop.core.registry;

import java.util.Objects;

/**
 * Where an extension came from: built into the distribution, a plugin (id and version), or handed
 * to an agent in code. Shown by the launcher; named in errors.
 */
public record Origin(Kind kind, String id, String version) {
    public enum Kind { BUILT_IN, PLUGIN, CODE }

    public static final Origin BUILT_IN = new Origin(Kind.BUILT_IN, "built-in", "");
    public static final Origin CODE = new Origin(Kind.CODE, "code", "");

    public Origin {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(version, "version");
    }

    public static Origin plugin(String pluginId, String version) {
        return new Origin(Kind.PLUGIN, pluginId, version);
    }

    @Override
    public String toString() {
        return kind == Kind.PLUGIN ? "plugin " + id + "@" + version : id;
    }
}
