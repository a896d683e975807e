package io.agentloop.core.registry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * An ordered, name-keyed lookup of one kind of extension. Filled at start-up, then
 * {@link #freeze() frozen}: after that it is immutable and safe to share between runs. The first
 * registration of a name keeps it; a later one is refused with a {@link Conflict} the caller
 * reports (a plugin cannot shadow a built-in).
 *
 * @param <T> the extension type
 */
public final class Registry<T> {
    private final String kind;
    private final Function<T, String> naming;
    private final Map<String, Registered<T>> byName = new LinkedHashMap<>();
    private volatile boolean frozen;

    public Registry(String kind, Function<T, String> naming) {
        this.kind = kind;
        this.naming = naming;
    }

    /** What two registrations of one name look like. */
    public record Conflict(String kind, String name, Origin kept, Origin refused) {
        @Override
        public String toString() {
            return kind + " '" + name + "' from " + refused + " is ignored: " + kept + " already provides it";
        }
    }

    /**
     * Adds an extension under its name.
     *
     * @return the conflict if the name was taken (the extension is then not added)
     * @throws IllegalStateException once frozen
     */
    public synchronized Optional<Conflict> register(T extension, Origin origin) {
        if (frozen) {
            throw new IllegalStateException("the " + kind + " registry is frozen: register before the first run");
        }
        String name = naming.apply(extension);
        Registered<T> existing = byName.get(name);
        if (existing != null) {
            return Optional.of(new Conflict(kind, name, existing.origin(), origin));
        }
        byName.put(name, new Registered<>(name, extension, origin));
        return Optional.empty();
    }

    public Registry<T> freeze() {
        frozen = true;
        return this;
    }

    public boolean frozen() {
        return frozen;
    }

    public Optional<T> get(String name) {
        Registered<T> found = byName.get(name);
        return found == null ? Optional.empty() : Optional.of(found.extension());
    }

    /** Every entry in registration order. */
    public synchronized List<Registered<T>> entries() {
        return List.copyOf(byName.values());
    }

    /** Every extension in registration order. */
    public synchronized List<T> all() {
        List<T> out = new ArrayList<>(byName.size());
        byName.values().forEach(r -> out.add(r.extension()));
        return out;
    }

    public String kind() {
        return kind;
    }
}
