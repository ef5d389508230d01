import { DEFAULT_LANGUAGE, languageOrNull, type Language } from '@formloop/domain';

// The account e-mails (forgotten password, invitation, a reset an administrator asked for) in the
// recipient's language (issue 25 item 4): the user's stored language, else the one the caller
// passes as a fallback (the inviting administrator's), else English. Plain text; the values are the
// user's own name and user name and a link, so nothing here is markup.

export type AccountMailKind = 'forgotPassword' | 'invitation' | 'adminReset';

export interface AccountMailParams {
  fullname: string;
  username: string;
  link: string;
  /** How long the link works. */
  ttlMinutes: number;
  /** invitation: who created the account (else "An administrator" in the language). */
  invitedBy?: string;
}

interface Words {
  /** Who invited, when the inviter's name is not known. */
  administrator: string;
  /** "7 days", "2 hours", "45 minutes" in the language. */
  duration: (count: number, unit: 'day' | 'hour' | 'minute') => string;
  mails: Record<AccountMailKind, (p: AccountMailParams, ttl: string) => { subject: string; lines: string[] }>;
}

const plural =
  (forms: Record<'day' | 'hour' | 'minute', [string, string]>) =>
  (count: number, unit: 'day' | 'hour' | 'minute') =>
    `${count} ${forms[unit][count === 1 ? 0 : 1]}`;

const WORDS: Readonly<Record<Language, Words>> = {
  en: {
    administrator: 'An administrator',
    duration: plural({ day: ['day', 'days'], hour: ['hour', 'hours'], minute: ['minute', 'minutes'] }),
    mails: {
      forgotPassword: (p, ttl) => ({
        subject: 'Reset your Formloop password',
        lines: [
          `Hello ${p.fullname},`,
          '',
          'Someone asked to reset the password of your Formloop account. If it was you, open this link:',
          p.link,
          '',
          `The link works once and expires in ${ttl}. If you did not ask, ignore this e-mail.`,
        ],
      }),
      invitation: (p, ttl) => ({
        subject: 'You have been invited to Formloop',
        lines: [
          `Hello ${p.fullname},`,
          '',
          `${p.invitedBy} has created a Formloop account for you. Your user name is: ${p.username}`,
          'Open this link to choose your password:',
          p.link,
          '',
          `The link works once and expires in ${ttl}. If you did not expect this, ignore this e-mail.`,
        ],
      }),
      adminReset: (p, ttl) => ({
        subject: 'Reset your Formloop password',
        lines: [
          `Hello ${p.fullname},`,
          '',
          `An administrator asked for a new password for your Formloop account (user name: ${p.username}).`,
          'Open this link to choose it:',
          p.link,
          '',
          `The link works once and expires in ${ttl}. Your current password keeps working until you set a new one.`,
        ],
      }),
    },
  },
  de: {
    administrator: 'Ein Administrator',
    duration: plural({ day: ['Tag', 'Tagen'], hour: ['Stunde', 'Stunden'], minute: ['Minute', 'Minuten'] }),
    mails: {
      forgotPassword: (p, ttl) => ({
        subject: 'Setzen Sie Ihr Formloop-Passwort zurück',
        lines: [
          `Hallo ${p.fullname},`,
          '',
          'Jemand hat angefordert, das Passwort Ihres Formloop-Kontos zurückzusetzen. Wenn Sie das waren, öffnen Sie diesen Link:',
          p.link,
          '',
          `Der Link funktioniert einmal und läuft in ${ttl} ab. Wenn Sie nichts angefordert haben, ignorieren Sie diese E-Mail.`,
        ],
      }),
      invitation: (p, ttl) => ({
        subject: 'Sie wurden zu Formloop eingeladen',
        lines: [
          `Hallo ${p.fullname},`,
          '',
          `${p.invitedBy} hat ein Formloop-Konto für Sie angelegt. Ihr Benutzername lautet: ${p.username}`,
          'Öffnen Sie diesen Link, um Ihr Passwort festzulegen:',
          p.link,
          '',
          `Der Link funktioniert einmal und läuft in ${ttl} ab. Wenn Sie dies nicht erwartet haben, ignorieren Sie diese E-Mail.`,
        ],
      }),
      adminReset: (p, ttl) => ({
        subject: 'Setzen Sie Ihr Formloop-Passwort zurück',
        lines: [
          `Hallo ${p.fullname},`,
          '',
          `Ein Administrator hat ein neues Passwort für Ihr Formloop-Konto angefordert (Benutzername: ${p.username}).`,
          'Öffnen Sie diesen Link, um es festzulegen:',
          p.link,
          '',
          `Der Link funktioniert einmal und läuft in ${ttl} ab. Ihr bisheriges Passwort gilt weiter, bis Sie ein neues festlegen.`,
        ],
      }),
    },
  },
  es: {
    administrator: 'Un administrador',
    duration: plural({ day: ['día', 'días'], hour: ['hora', 'horas'], minute: ['minuto', 'minutos'] }),
    mails: {
      forgotPassword: (p, ttl) => ({
        subject: 'Restablezca su contraseña de Formloop',
        lines: [
          `Hola, ${p.fullname}:`,
          '',
          'Alguien ha pedido restablecer la contraseña de su cuenta de Formloop. Si fue usted, abra este enlace:',
          p.link,
          '',
          `El enlace funciona una sola vez y caduca en ${ttl}. Si no lo pidió, ignore este correo.`,
        ],
      }),
      invitation: (p, ttl) => ({
        subject: 'Le han invitado a Formloop',
        lines: [
          `Hola, ${p.fullname}:`,
          '',
          `${p.invitedBy} ha creado una cuenta de Formloop para usted. Su nombre de usuario es: ${p.username}`,
          'Abra este enlace para elegir su contraseña:',
          p.link,
          '',
          `El enlace funciona una sola vez y caduca en ${ttl}. Si no esperaba este mensaje, ignórelo.`,
        ],
      }),
      adminReset: (p, ttl) => ({
        subject: 'Restablezca su contraseña de Formloop',
        lines: [
          `Hola, ${p.fullname}:`,
          '',
          `Un administrador ha pedido una nueva contraseña para su cuenta de Formloop (nombre de usuario: ${p.username}).`,
          'Abra este enlace para elegirla:',
          p.link,
          '',
          `El enlace funciona una sola vez y caduca en ${ttl}. Su contraseña actual sigue funcionando hasta que elija una nueva.`,
        ],
      }),
    },
  },
  fr: {
    administrator: 'Un administrateur',
    duration: plural({ day: ['jour', 'jours'], hour: ['heure', 'heures'], minute: ['minute', 'minutes'] }),
    mails: {
      forgotPassword: (p, ttl) => ({
        subject: 'Réinitialisez votre mot de passe Formloop',
        lines: [
          `Bonjour ${p.fullname},`,
          '',
          'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Formloop. Si c’était vous, ouvrez ce lien :',
          p.link,
          '',
          `Le lien ne fonctionne qu’une fois et expire dans ${ttl}. Si vous n’avez rien demandé, ignorez cet e-mail.`,
        ],
      }),
      invitation: (p, ttl) => ({
        subject: 'Vous êtes invité(e) sur Formloop',
        lines: [
          `Bonjour ${p.fullname},`,
          '',
          `${p.invitedBy} a créé un compte Formloop pour vous. Votre nom d’utilisateur est : ${p.username}`,
          'Ouvrez ce lien pour choisir votre mot de passe :',
          p.link,
          '',
          `Le lien ne fonctionne qu’une fois et expire dans ${ttl}. Si vous ne vous y attendiez pas, ignorez cet e-mail.`,
        ],
      }),
      adminReset: (p, ttl) => ({
        subject: 'Réinitialisez votre mot de passe Formloop',
        lines: [
          `Bonjour ${p.fullname},`,
          '',
          `Un administrateur a demandé un nouveau mot de passe pour votre compte Formloop (nom d’utilisateur : ${p.username}).`,
          'Ouvrez ce lien pour le choisir :',
          p.link,
          '',
          `Le lien ne fonctionne qu’une fois et expire dans ${ttl}. Votre mot de passe actuel reste valable jusqu’à ce que vous en choisissiez un nouveau.`,
        ],
      }),
    },
  },
  ja: {
    administrator: '管理者',
    duration: (count, unit) => `${count}${{ day: '日', hour: '時間', minute: '分' }[unit]}`,
    mails: {
      forgotPassword: (p, ttl) => ({
        subject: 'Formloop のパスワードを再設定してください',
        lines: [
          `${p.fullname} 様`,
          '',
          'Formloop アカウントのパスワード再設定が依頼されました。ご本人の場合は、次のリンクを開いてください：',
          p.link,
          '',
          `このリンクは一度だけ使用でき、${ttl}後に無効になります。心当たりがない場合は、このメールを無視してください。`,
        ],
      }),
      invitation: (p, ttl) => ({
        subject: 'Formloop に招待されました',
        lines: [
          `${p.fullname} 様`,
          '',
          `${p.invitedBy} さんがあなたの Formloop アカウントを作成しました。ユーザー名：${p.username}`,
          '次のリンクを開いてパスワードを設定してください：',
          p.link,
          '',
          `このリンクは一度だけ使用でき、${ttl}後に無効になります。心当たりがない場合は、このメールを無視してください。`,
        ],
      }),
      adminReset: (p, ttl) => ({
        subject: 'Formloop のパスワードを再設定してください',
        lines: [
          `${p.fullname} 様`,
          '',
          `管理者があなたの Formloop アカウント（ユーザー名：${p.username}）の新しいパスワードを依頼しました。`,
          '次のリンクを開いて設定してください：',
          p.link,
          '',
          `このリンクは一度だけ使用でき、${ttl}後に無効になります。新しいパスワードを設定するまで、現在のパスワードは引き続き使えます。`,
        ],
      }),
    },
  },
  zh: {
    administrator: '管理员',
    duration: (count, unit) => `${count} ${{ day: '天', hour: '小时', minute: '分钟' }[unit]}`,
    mails: {
      forgotPassword: (p, ttl) => ({
        subject: '重置您的 Formloop 密码',
        lines: [
          `${p.fullname}，您好：`,
          '',
          '有人请求重置您 Formloop 账户的密码。如果是您本人，请打开此链接：',
          p.link,
          '',
          `该链接只能使用一次，将在 ${ttl}后失效。如果不是您本人请求，请忽略此邮件。`,
        ],
      }),
      invitation: (p, ttl) => ({
        subject: '您已受邀加入 Formloop',
        lines: [
          `${p.fullname}，您好：`,
          '',
          `${p.invitedBy} 已为您创建了 Formloop 账户。您的用户名是：${p.username}`,
          '请打开此链接设置您的密码：',
          p.link,
          '',
          `该链接只能使用一次，将在 ${ttl}后失效。如果您没有预期收到此邮件，请忽略。`,
        ],
      }),
      adminReset: (p, ttl) => ({
        subject: '重置您的 Formloop 密码',
        lines: [
          `${p.fullname}，您好：`,
          '',
          `管理员为您的 Formloop 账户（用户名：${p.username}）申请了新密码。`,
          '请打开此链接进行设置：',
          p.link,
          '',
          `该链接只能使用一次，将在 ${ttl}后失效。在您设置新密码之前，当前密码仍然有效。`,
        ],
      }),
    },
  },
};

function durationIn(words: Words, minutes: number): string {
  if (minutes % (24 * 60) === 0) return words.duration(minutes / (24 * 60), 'day');
  if (minutes % 60 === 0) return words.duration(minutes / 60, 'hour');
  return words.duration(minutes, 'minute');
}

/** The recipient's language: theirs, else the fallback's (e.g. the inviting administrator's), else English. */
export const mailLanguage = (recipient: string | null | undefined, fallback?: string | null): Language =>
  languageOrNull(recipient) ?? languageOrNull(fallback) ?? DEFAULT_LANGUAGE;

/** An account e-mail's subject and plain text in a language. */
export function accountMail(
  kind: AccountMailKind,
  language: Language,
  params: AccountMailParams,
): { subject: string; text: string } {
  const words = WORDS[language];
  const filled = { ...params, invitedBy: params.invitedBy ?? words.administrator };
  const { subject, lines } = words.mails[kind](filled, durationIn(words, params.ttlMinutes));
  return { subject, text: lines.join('\n') };
}
