package io.agentloop.server.run;

import java.util.Objects;

/**
 * Who made a request, as the server knows them once their token is checked: the token's name and
 * whether it is an administrator's. Runs and sessions belong to the name that made them; a user sees
 * only its own, an administrator every one. A caller someone else's run is hidden from is told the run
 * does not exist, so a guessed id confirms nothing.
 *
 * @param name the token's name ({@code server.tokens.<name>}), or a digest of an unnamed token; never
 *        the token itself
 * @param admin whether the caller sees every run and session
 */
public record Caller(String name, boolean admin) {
    /** The caller of a route that answers without a token. */
    public static final Caller ANYONE = new Caller("anyone", false);

    public Caller {
        Objects.requireNonNull(name, "name");
    }

    /** Whether this caller may see, decide and continue what {@code owner} made. */
    public boolean sees(String owner) {
        return admin || name.equals(owner);
    }
}
