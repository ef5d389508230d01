// The default workflow e-mails (email-templates.ts has the English ones) in the other five UI
// languages, so a recipient whose language is German gets the default mail in German (issue 25
// item 4). Placeholders are the same as in English; only the words around them change.
import type { EmailTemplateEvent, Language } from '../constants.ts';
import type { EmailTemplateText } from './email-templates.ts';

type Templates = Readonly<Record<EmailTemplateEvent, EmailTemplateText>>;

const body = (greeting: string, text: string, linkLabel: string) =>
  `<p>${greeting}</p><p>${text}</p><p>${linkLabel} {{task_link}}</p>`;

const step = '<strong>{{workflow_activity_name}}</strong>';

export const LOCALISED_EMAIL_TEMPLATES: Readonly<Record<Exclude<Language, 'en'>, Templates>> = {
  de: {
    submit: {
      subject: '{{app_name}}: neuer Datensatz {{record_id}} eingereicht',
      body: body(
        'Hallo,',
        `{{created_by}} hat am {{created_at}} einen neuen {{app_name}}-Datensatz ({{record_id}}) eingereicht. Er wartet bei ${step} auf Sie.`,
        'Aufgabe öffnen:',
      ),
    },
    reassign: {
      subject: '{{app_name}}: Eine Aufgabe zu Datensatz {{record_id}} wurde Ihnen neu zugewiesen',
      body: body(
        'Hallo,',
        `Eine Aufgabe zum {{app_name}}-Datensatz {{record_id}} (${step}) wurde Ihnen neu zugewiesen.`,
        'Aufgabe öffnen:',
      ),
    },
    rejected: {
      subject: '{{app_name}}: Datensatz {{record_id}} wurde abgelehnt',
      body: body(
        'Hallo,',
        `Der {{app_name}}-Datensatz {{record_id}} wurde bei ${step} abgelehnt.`,
        'Datensatz ansehen:',
      ),
    },
    restart: {
      subject: '{{app_name}}: Datensatz {{record_id}} wurde neu gestartet',
      body: body(
        'Hallo,',
        `Der Prozess des {{app_name}}-Datensatzes {{record_id}} wurde neu gestartet und steht jetzt bei ${step}.`,
        'Aufgabe öffnen:',
      ),
    },
    sendback: {
      subject: '{{app_name}}: Datensatz {{record_id}} wurde an Sie zurückgesendet',
      body: body(
        'Hallo,',
        `Der {{app_name}}-Datensatz {{record_id}} wurde an ${step} zurückgesendet und braucht Ihre Aufmerksamkeit.`,
        'Aufgabe öffnen:',
      ),
    },
    completed: {
      subject: '{{app_name}}: Datensatz {{record_id}} ist abgeschlossen',
      body: body(
        'Hallo,',
        'Der Prozess des {{app_name}}-Datensatzes {{record_id}}, gestartet von {{created_by}} am {{created_at}}, ist abgeschlossen.',
        'Datensatz ansehen:',
      ),
    },
    approve: {
      subject: '{{app_name}}: Datensatz {{record_id}} wurde genehmigt',
      body: body(
        'Hallo,',
        `Der {{app_name}}-Datensatz {{record_id}} wurde bei ${step} genehmigt.`,
        'Datensatz ansehen:',
      ),
    },
  },
  es: {
    submit: {
      subject: '{{app_name}}: nuevo registro {{record_id}} enviado',
      body: body(
        'Hola:',
        `{{created_by}} envió un nuevo registro de {{app_name}} ({{record_id}}) el {{created_at}}. Le espera en ${step}.`,
        'Abrir la tarea:',
      ),
    },
    reassign: {
      subject: '{{app_name}}: se le ha reasignado una tarea del registro {{record_id}}',
      body: body(
        'Hola:',
        `Se le ha reasignado una tarea del registro {{record_id}} de {{app_name}} (${step}).`,
        'Abrir la tarea:',
      ),
    },
    rejected: {
      subject: '{{app_name}}: el registro {{record_id}} fue rechazado',
      body: body(
        'Hola:',
        `El registro {{record_id}} de {{app_name}} fue rechazado en ${step}.`,
        'Ver el registro:',
      ),
    },
    restart: {
      subject: '{{app_name}}: el registro {{record_id}} se reinició',
      body: body(
        'Hola:',
        `El proceso del registro {{record_id}} de {{app_name}} se reinició y ahora está en ${step}.`,
        'Abrir la tarea:',
      ),
    },
    sendback: {
      subject: '{{app_name}}: el registro {{record_id}} se le ha devuelto',
      body: body(
        'Hola:',
        `El registro {{record_id}} de {{app_name}} se devolvió a ${step} y requiere su atención.`,
        'Abrir la tarea:',
      ),
    },
    completed: {
      subject: '{{app_name}}: el registro {{record_id}} está completado',
      body: body(
        'Hola:',
        'El proceso del registro {{record_id}} de {{app_name}}, iniciado por {{created_by}} el {{created_at}}, está completado.',
        'Ver el registro:',
      ),
    },
    approve: {
      subject: '{{app_name}}: el registro {{record_id}} fue aprobado',
      body: body(
        'Hola:',
        `El registro {{record_id}} de {{app_name}} fue aprobado en ${step}.`,
        'Ver el registro:',
      ),
    },
  },
  fr: {
    submit: {
      subject: '{{app_name}} : nouvel enregistrement {{record_id}} soumis',
      body: body(
        'Bonjour,',
        `{{created_by}} a soumis un nouvel enregistrement {{app_name}} ({{record_id}}) le {{created_at}}. Il vous attend à l’étape ${step}.`,
        'Ouvrir la tâche :',
      ),
    },
    reassign: {
      subject: '{{app_name}} : une tâche de l’enregistrement {{record_id}} vous a été réattribuée',
      body: body(
        'Bonjour,',
        `Une tâche de l’enregistrement {{app_name}} {{record_id}} (${step}) vous a été réattribuée.`,
        'Ouvrir la tâche :',
      ),
    },
    rejected: {
      subject: '{{app_name}} : l’enregistrement {{record_id}} a été rejeté',
      body: body(
        'Bonjour,',
        `L’enregistrement {{app_name}} {{record_id}} a été rejeté à l’étape ${step}.`,
        'Voir l’enregistrement :',
      ),
    },
    restart: {
      subject: '{{app_name}} : l’enregistrement {{record_id}} a été relancé',
      body: body(
        'Bonjour,',
        `Le processus de l’enregistrement {{app_name}} {{record_id}} a été relancé et se trouve maintenant à l’étape ${step}.`,
        'Ouvrir la tâche :',
      ),
    },
    sendback: {
      subject: '{{app_name}} : l’enregistrement {{record_id}} vous a été renvoyé',
      body: body(
        'Bonjour,',
        `L’enregistrement {{app_name}} {{record_id}} a été renvoyé à l’étape ${step} et demande votre attention.`,
        'Ouvrir la tâche :',
      ),
    },
    completed: {
      subject: '{{app_name}} : l’enregistrement {{record_id}} est terminé',
      body: body(
        'Bonjour,',
        'Le processus de l’enregistrement {{app_name}} {{record_id}}, lancé par {{created_by}} le {{created_at}}, est terminé.',
        'Voir l’enregistrement :',
      ),
    },
    approve: {
      subject: '{{app_name}} : l’enregistrement {{record_id}} a été approuvé',
      body: body(
        'Bonjour,',
        `L’enregistrement {{app_name}} {{record_id}} a été approuvé à l’étape ${step}.`,
        'Voir l’enregistrement :',
      ),
    },
  },
  ja: {
    submit: {
      subject: '{{app_name}}：新しいレコード {{record_id}} が提出されました',
      body: body(
        'お疲れさまです。',
        `{{created_by}} さんが {{created_at}} に新しい {{app_name}} のレコード（{{record_id}}）を提出しました。${step} であなたの対応を待っています。`,
        'タスクを開く：',
      ),
    },
    reassign: {
      subject: '{{app_name}}：レコード {{record_id}} のタスクがあなたに再割り当てされました',
      body: body(
        'お疲れさまです。',
        `{{app_name}} のレコード {{record_id}} のタスク（${step}）があなたに再割り当てされました。`,
        'タスクを開く：',
      ),
    },
    rejected: {
      subject: '{{app_name}}：レコード {{record_id}} が却下されました',
      body: body(
        'お疲れさまです。',
        `{{app_name}} のレコード {{record_id}} は ${step} で却下されました。`,
        'レコードを見る：',
      ),
    },
    restart: {
      subject: '{{app_name}}：レコード {{record_id}} が再開されました',
      body: body(
        'お疲れさまです。',
        `{{app_name}} のレコード {{record_id}} のプロセスが再開され、現在 ${step} にあります。`,
        'タスクを開く：',
      ),
    },
    sendback: {
      subject: '{{app_name}}：レコード {{record_id}} があなたに差し戻されました',
      body: body(
        'お疲れさまです。',
        `{{app_name}} のレコード {{record_id}} は ${step} に差し戻され、あなたの対応が必要です。`,
        'タスクを開く：',
      ),
    },
    completed: {
      subject: '{{app_name}}：レコード {{record_id}} が完了しました',
      body: body(
        'お疲れさまです。',
        '{{created_by}} さんが {{created_at}} に開始した {{app_name}} のレコード {{record_id}} のプロセスが完了しました。',
        'レコードを見る：',
      ),
    },
    approve: {
      subject: '{{app_name}}：レコード {{record_id}} が承認されました',
      body: body(
        'お疲れさまです。',
        `{{app_name}} のレコード {{record_id}} は ${step} で承認されました。`,
        'レコードを見る：',
      ),
    },
  },
  zh: {
    submit: {
      subject: '{{app_name}}：新记录 {{record_id}} 已提交',
      body: body(
        '您好：',
        `{{created_by}} 于 {{created_at}} 提交了一条新的 {{app_name}} 记录（{{record_id}}），正在 ${step} 等待您处理。`,
        '打开任务：',
      ),
    },
    reassign: {
      subject: '{{app_name}}：记录 {{record_id}} 的一项任务已重新分配给您',
      body: body(
        '您好：',
        `{{app_name}} 记录 {{record_id}} 的一项任务（${step}）已重新分配给您。`,
        '打开任务：',
      ),
    },
    rejected: {
      subject: '{{app_name}}：记录 {{record_id}} 已被驳回',
      body: body('您好：', `{{app_name}} 记录 {{record_id}} 在 ${step} 被驳回。`, '查看记录：'),
    },
    restart: {
      subject: '{{app_name}}：记录 {{record_id}} 已重新启动',
      body: body(
        '您好：',
        `{{app_name}} 记录 {{record_id}} 的流程已重新启动，当前位于 ${step}。`,
        '打开任务：',
      ),
    },
    sendback: {
      subject: '{{app_name}}：记录 {{record_id}} 已退回给您',
      body: body('您好：', `{{app_name}} 记录 {{record_id}} 已退回到 ${step}，需要您处理。`, '打开任务：'),
    },
    completed: {
      subject: '{{app_name}}：记录 {{record_id}} 已完成',
      body: body(
        '您好：',
        '由 {{created_by}} 于 {{created_at}} 发起的 {{app_name}} 记录 {{record_id}} 的流程已完成。',
        '查看记录：',
      ),
    },
    approve: {
      subject: '{{app_name}}：记录 {{record_id}} 已获批准',
      body: body('您好：', `{{app_name}} 记录 {{record_id}} 在 ${step} 已获批准。`, '查看记录：'),
    },
  },
};
