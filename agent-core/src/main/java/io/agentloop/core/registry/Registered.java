package io.agentloop.core.registry;

import java.util.Objects;

/** An extension with its name and origin. */
public record Registered<T>(String name, T extension, Origin origin) {
    public Registered {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(extension, "extension");
        Objects.requireNonNull(origin, "origin");
    }
}
