/**
 * The service's default texts of the hosted login's screens, by language: what a person
 * reads when the tenant has set no custom text. `${clientName}` and `${companyName}` are
 * replaced as the service replaces them.
 */

/** A screen of the hosted login this renderer draws. */
export type ScreenName = "login" | "login-id" | "signup" | "error";

/** The texts of one screen, keyed as the service's custom text keys. */
export type ScreenTexts = Readonly<Record<string, string>>;

/** The language used when the request asks for none the table has. */
export const DEFAULT_LANGUAGE = "en";

/** Right-to-left languages (for the page's `dir`). */
const RIGHT_TO_LEFT = new Set(["ar", "he", "fa", "ur"]);

/** The default texts: language → screen → key → text. */
export const DEFAULT_TEXTS: Readonly<Record<string, Readonly<Record<ScreenName, ScreenTexts>>>> = {
  en: {
    login: {
      pageTitle: "Log in | ${clientName}",
      title: "Welcome",
      description: "Log in to ${companyName} to continue to ${clientName}.",
      usernamePlaceholder: "Email address",
      passwordPlaceholder: "Password",
      buttonText: "Continue",
      signupActionText: "Don't have an account?",
      signupActionLinkText: "Sign up",
      "wrong-credentials": "Wrong email or password",
      "user-blocked": "Your account has been blocked after multiple consecutive login attempts.",
      "too-many-attempts": "Your account has been blocked after multiple consecutive login attempts.",
      "invalid-request": "Your session has expired. Please try again.",
      "no-db-connection": "Invalid connection",
    },
    "login-id": {
      pageTitle: "Log in | ${clientName}",
      title: "Welcome",
      description: "Log in to ${companyName} to continue to ${clientName}.",
      usernamePlaceholder: "Email address",
      buttonText: "Continue",
      signupActionText: "Don't have an account?",
      signupActionLinkText: "Sign up",
      "invalid-request": "Your session has expired. Please try again.",
    },
    signup: {
      pageTitle: "Sign up | ${clientName}",
      title: "Create Your Account",
      description: "Sign Up to ${companyName} to continue to ${clientName}.",
      emailPlaceholder: "Email address",
      passwordPlaceholder: "Password",
      buttonText: "Continue",
      loginActionText: "Already have an account?",
      loginActionLinkText: "Log in",
      "invalid-password": "Password is too weak",
      "user-exists": "Something went wrong, please try again later",
      "invalid-signup": "Something went wrong, please try again later",
      "invalid-request": "Your session has expired. Please try again.",
      "no-db-connection": "Invalid connection",
    },
    error: {
      pageTitle: "Error",
      title: "Oops!, something went wrong",
      description: "There was an error processing the login.",
      traceLabel: "Error code",
    },
  },
  fr: {
    login: {
      pageTitle: "Se connecter | ${clientName}",
      title: "Bienvenue",
      description: "Se connecter à ${companyName} pour continuer vers ${clientName}.",
      usernamePlaceholder: "Adresse e-mail",
      passwordPlaceholder: "Mot de passe",
      buttonText: "Continuer",
      signupActionText: "Vous n'avez pas de compte ?",
      signupActionLinkText: "Inscription",
      "wrong-credentials": "Adresse e-mail ou mot de passe incorrect",
      "user-blocked": "Votre compte a été bloqué suite à plusieurs tentatives de connexion consécutives.",
      "too-many-attempts": "Votre compte a été bloqué suite à plusieurs tentatives de connexion consécutives.",
      "invalid-request": "Votre session a expiré. Veuillez réessayer.",
      "no-db-connection": "Connexion non valide",
    },
    "login-id": {
      pageTitle: "Se connecter | ${clientName}",
      title: "Bienvenue",
      description: "Se connecter à ${companyName} pour continuer vers ${clientName}.",
      usernamePlaceholder: "Adresse e-mail",
      buttonText: "Continuer",
      signupActionText: "Vous n'avez pas de compte ?",
      signupActionLinkText: "Inscription",
      "invalid-request": "Votre session a expiré. Veuillez réessayer.",
    },
    signup: {
      pageTitle: "S'inscrire | ${clientName}",
      title: "Créez votre compte",
      description: "Inscrivez-vous à ${companyName} pour continuer vers ${clientName}.",
      emailPlaceholder: "Adresse e-mail",
      passwordPlaceholder: "Mot de passe",
      buttonText: "Continuer",
      loginActionText: "Vous avez déjà un compte ?",
      loginActionLinkText: "Connexion",
      "invalid-password": "Le mot de passe est trop faible",
      "user-exists": "Un problème est survenu, veuillez réessayer plus tard",
      "invalid-signup": "Un problème est survenu, veuillez réessayer plus tard",
      "invalid-request": "Votre session a expiré. Veuillez réessayer.",
      "no-db-connection": "Connexion non valide",
    },
    error: {
      pageTitle: "Erreur",
      title: "Oups ! Un problème est survenu",
      description: "Une erreur s'est produite lors de la connexion.",
      traceLabel: "Code d'erreur",
    },
  },
};

/** The first language of an `Accept-Language` header (or `ui_locales`) the table has, else {@link DEFAULT_LANGUAGE}. */
export function pickLanguage(...preferences: (string | undefined)[]): string {
  for (const preference of preferences) {
    if (!preference) continue;
    const ranked = preference
      .slice(0, 1000)
      .split(/[,\s]+/)
      .map((part) => {
        const [tag, ...parameters] = part.trim().split(";");
        const quality = parameters.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
        return { language: tag.toLowerCase().split("-")[0], quality: quality ? Number(quality) : 1 };
      })
      .filter((entry) => entry.language && entry.quality > 0)
      .sort((a, b) => b.quality - a.quality);
    const found = ranked.find((entry) => Object.hasOwn(DEFAULT_TEXTS, entry.language));
    if (found) return found.language;
  }
  return DEFAULT_LANGUAGE;
}

/** The writing direction of a language. */
export function directionOf(language: string): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
}

/**
 * A screen's texts in `language`, the placeholders filled: the default texts, each key the tenant's
 * custom text has (for this prompt, language and screen) replaced by its own.
 */
export function screenTexts(
  language: string,
  screen: ScreenName,
  names: { clientName: string; companyName: string },
  custom?: Readonly<Record<string, unknown>>,
): ScreenTexts {
  const table = (DEFAULT_TEXTS[language] ?? DEFAULT_TEXTS[DEFAULT_LANGUAGE])[screen];
  const own = Object.entries(custom ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return Object.fromEntries(
    [...Object.entries(table), ...own].map(([key, text]) => [
      key,
      text.replaceAll("${clientName}", names.clientName).replaceAll("${companyName}", names.companyName),
    ]),
  );
}
