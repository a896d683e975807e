package io.agentloop.core.secret;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The names of folders and files no tool may touch, wherever they are: version control internals,
 * the platform's own folder, secret files and key stores. Names are compared after Unicode
 * compatibility normalisation and case folding, so {@code .ENV}, {@code .Git} or a full-width
 * {@code ．env} are caught as well (they are the same file on case-insensitive file systems, and
 * look the same to a person approving a call).
 */
public final class ProtectedNames {
    private static final Set<String> FOLDERS = Set.of(".git", ".agentloop", ".agentloop-kept", ".ssh", ".aws",
            ".gnupg", ".kube", ".docker", ".azure");
    private static final Set<String> FILES = Set.of(".env", ".envrc", ".netrc", ".npmrc", ".pypirc",
            ".git-credentials", "credentials", "credentials.json", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519",
            ".pgpass", "secrets.yaml", "secrets.yml", "secrets.json", ".htpasswd", "kubeconfig", ".dockercfg",
            ".vault-token", ".my.cnf", ".s3cfg", ".boto");
    private static final Set<String> EXAMPLE_ENV = Set.of(".env.example", ".env.sample", ".env.template",
            ".env.dist", ".env-example", ".env_example");
    private static final Set<String> KEY_EXTENSIONS = Set.of(".pem", ".key", ".p12", ".pfx", ".jks", ".keystore");

    private ProtectedNames() {
    }

    /** Why a file or folder name is protected, or empty when it is not. */
    public static Optional<String> reason(String name) {
        String folded = fold(name);
        if (FOLDERS.contains(folded)) {
            return Optional.of("is inside " + folded + "/, which is protected");
        }
        if (FILES.contains(folded) || (folded.startsWith(".env") && !EXAMPLE_ENV.contains(folded))
                || (folded.endsWith(".env") && folded.length() > 4) || folded.endsWith(".tfvars")
                || (folded.startsWith("service-account") && folded.endsWith(".json"))
                || folded.startsWith("id_rsa") || folded.startsWith("id_ed25519") || folded.startsWith("id_ecdsa")) {
            return Optional.of("is a secret file (" + folded + "), which is protected");
        }
        int dot = folded.lastIndexOf('.');
        if (dot > 0 && KEY_EXTENSIONS.contains(folded.substring(dot))) {
            return Optional.of("is a key file (" + folded.substring(dot) + "), which is protected");
        }
        return Optional.empty();
    }

    /**
     * Why a word of a shell command names a secret location or file ({@code ~/.ssh}, {@code .env},
     * {@code id_rsa}...), or empty. Version-control and platform folders are left to commands
     * such as {@code git}, which work in them by design.
     */
    public static Optional<String> secretReason(String name) {
        String folded = fold(name);
        if (folded.equals(".git") || folded.equals(".agentloop")) {
            return Optional.empty();
        }
        return reason(name);
    }

    /** Whether a name holds characters a person cannot see or that change how text displays. */
    public static boolean hasInvisibleCharacters(String text) {
        return text.codePoints().anyMatch(c -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT);
    }

    static String fold(String name) {
        return Normalizer.normalize(name, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    }
}
