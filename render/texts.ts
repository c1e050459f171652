/**
 * The service's default texts of the hosted login's screens, by language: what a person
 * reads when the tenant has set no custom text. `${clientName}` and `${companyName}` are
 * replaced as the service replaces them.
 */

/** A screen of the hosted login this renderer draws. */
export type ScreenName = "login" | "login-id" | "login-password" | "signup" | "error";

/** The texts of one screen, keyed as the service's custom text keys. */
export type ScreenTexts = Readonly<Record<string, string>>;

/** The language used when the request asks for none the table has. */
export const DEFAULT_LANGUAGE = "en";

/** Right-to-left languages (for the page's `dir`; a regional tag such as `ar-EG` follows its language). */
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
      "no-email": "Please enter an email address",
      "invalid-request": "Your session has expired. Please try again.",
    },
    "login-password": {
      pageTitle: "Enter your password to log in | ${clientName}",
      title: "Enter Your Password",
      description: "Enter your password for ${companyName} to continue to ${clientName}",
      usernamePlaceholder: "Email address",
      passwordPlaceholder: "Password",
      buttonText: "Continue",
      editEmailText: "Edit",
      signupActionText: "Don't have an account?",
      signupActionLinkText: "Sign up",
      "wrong-credentials": "Wrong email or password",
      "user-blocked": "Your account has been blocked after multiple consecutive login attempts.",
      "too-many-attempts": "Your account has been blocked after multiple consecutive login attempts.",
      "invalid-request": "Your session has expired. Please try again.",
      "no-db-connection": "Invalid connection",
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
      "no-email": "Veuillez saisir une adresse e-mail",
      "invalid-request": "Votre session a expiré. Veuillez réessayer.",
    },
    "login-password": {
      pageTitle: "Saisissez votre mot de passe pour vous connecter | ${clientName}",
      title: "Saisissez votre mot de passe",
      description: "Saisissez votre mot de passe pour ${companyName} afin de continuer vers ${clientName}",
      usernamePlaceholder: "Adresse e-mail",
      passwordPlaceholder: "Mot de passe",
      buttonText: "Continuer",
      editEmailText: "Modifier",
      signupActionText: "Vous n'avez pas de compte ?",
      signupActionLinkText: "Inscription",
      "wrong-credentials": "Adresse e-mail ou mot de passe incorrect",
      "user-blocked": "Votre compte a été bloqué suite à plusieurs tentatives de connexion consécutives.",
      "too-many-attempts": "Votre compte a été bloqué suite à plusieurs tentatives de connexion consécutives.",
      "invalid-request": "Votre session a expiré. Veuillez réessayer.",
      "no-db-connection": "Connexion non valide",
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

/** The language part of a locale tag (`pt-BR` → `pt`). */
const baseOf = (tag: string): string => tag.toLowerCase().split("-")[0];

/** A preference's tags (an `Accept-Language` header, or `ui_locales` separated by spaces), best first. */
function rankedTags(preference: string): string[] {
  return preference
    .slice(0, 1000)
    .split(/[,\s]+/)
    .map((part) => {
      const [tag, ...parameters] = part.trim().split(";");
      const quality = parameters.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), quality: quality ? Number(quality) : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality)
    .map((entry) => entry.tag);
}

/**
 * The page's language among `enabled` (the tenant's `enabled_locales`, the first its default), as
 * the service chooses it: the first preference source that names an enabled language wins
 * (`ui_locales`, then `Accept-Language`), its tags taken best first; a tag matches an enabled
 * locale of the same spelling, else one of its language (`fr-CA` → `fr`, `pt` → `pt-BR`). With no
 * match, the first enabled locale. The answer is spelled as in `enabled`.
 */
export function chooseLanguage(enabled: readonly string[], ...preferences: (string | undefined)[]): string {
  for (const preference of preferences) {
    if (typeof preference !== "string") continue;
    for (const tag of rankedTags(preference)) {
      const found =
        enabled.find((locale) => locale.toLowerCase() === tag) ??
        enabled.find((locale) => locale.toLowerCase() === baseOf(tag)) ??
        enabled.find((locale) => baseOf(locale) === baseOf(tag));
      if (found) return found;
    }
  }
  return enabled[0] ?? DEFAULT_LANGUAGE;
}

/** The first language of an `Accept-Language` header (or `ui_locales`) the default texts have, else {@link DEFAULT_LANGUAGE}. */
export function pickLanguage(...preferences: (string | undefined)[]): string {
  return chooseLanguage(Object.keys(DEFAULT_TEXTS), ...preferences);
}

/** The writing direction of a language. */
export function directionOf(language: string): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(baseOf(language)) ? "rtl" : "ltr";
}

/** The default texts of `language`: its own, else its language's (`fr-CA` → `fr`), else English. */
function defaultTextsOf(language: string): Readonly<Record<ScreenName, ScreenTexts>> {
  const own = Object.hasOwn(DEFAULT_TEXTS, language) ? DEFAULT_TEXTS[language] : undefined;
  const base = Object.hasOwn(DEFAULT_TEXTS, baseOf(language)) ? DEFAULT_TEXTS[baseOf(language)] : undefined;
  return own ?? base ?? DEFAULT_TEXTS[DEFAULT_LANGUAGE];
}

/**
 * A screen's texts in `language`, the placeholders filled: the default texts (English where we
 * have none in that language), each key the tenant's custom text has (for this prompt, language
 * and screen) replaced by its own.
 */
export function screenTexts(
  language: string,
  screen: ScreenName,
  names: { clientName: string; companyName: string },
  custom?: Readonly<Record<string, unknown>>,
): ScreenTexts {
  const table = defaultTextsOf(language)[screen];
  const own = Object.entries(custom ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return Object.fromEntries(
    [...Object.entries(table), ...own].map(([key, text]) => [
      key,
      text.replaceAll("${clientName}", names.clientName).replaceAll("${companyName}", names.companyName),
    ]),
  );
}
