package io.agentloop.server.users;

import java.util.Locale;
import java.util.Objects;

/**
 * A named bearer token of {@code server.tokens}: whoever shows it is {@link #name()} to the server,
 * owns the runs and sessions they start, and sees only those ({@link Role#USER}) or every one
 * ({@link Role#ADMIN}).
 *
 * <pre>{@code
 * ServerToken alice = new ServerToken("alice", Files.readString(aliceFile).strip(), ServerToken.Role.USER);
 * }</pre>
 *
 * @param name how the server and its console name the token's runs; letters, digits, '.', '_', '-'
 * @param secret the token itself, never logged or shown
 * @param role what the token sees
 */
public record ServerToken(String name, String secret, Role role) {
    /** What a token sees: its own runs and sessions, or every one. */
    public enum Role {
        USER, ADMIN;

        /**
         * Reads a role as the configuration writes it.
         *
         * @throws IllegalArgumentException naming the roles
         */
        public static Role parse(String text) {
            for (Role role : values()) {
                if (role.name().equalsIgnoreCase(text.strip())) {
                    return role;
                }
            }
            throw new IllegalArgumentException("'" + text + "' is not a role: use user or admin");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** @throws IllegalArgumentException naming what is wrong with the name or the secret */
    public ServerToken {
        Objects.requireNonNull(role, "role");
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}")) {
            throw new IllegalArgumentException("token name '" + name + "' is not a name: use letters, digits, '.', '_' "
                    + "and '-' (at most 64)");
        }
        if (secret == null || secret.isBlank()) {
            throw new IllegalArgumentException("token '" + name + "' is blank: write the token in its file");
        }
    }

    /** Never the secret: a token printed by mistake tells nothing. */
    @Override
    public String toString() {
        return "ServerToken[" + name + ", " + role + "]";
    }
}
