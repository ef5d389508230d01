import type { Language, RecordStatus } from '@formloop/domain';

// The words a printed record puts around its values (headings, column names, "Printed by"), in the
// six languages of the web app: the file leaves the app, so the server writes them in the language
// the viewer asked for. The wording follows the web app's (itemEditor, tasks namespaces). Values
// print as they are stored; the engine's action words are translated when they are known ones.

export interface PrintTexts {
  entry: string;
  status: string;
  createdBy: string;
  createdOn: string;
  modifiedOn: string;
  workflowHistory: string;
  noHistory: string;
  step: string;
  by: string;
  action: string;
  when: string;
  comment: string;
  comments: string;
  noComments: string;
  /** Shown when a record has more comments than a printout holds. */
  newestComments: (shown: number, total: number) => string;
  noRows: string;
  yes: string;
  no: string;
  /** A drawn signature that cannot be shown as a picture. */
  signed: string;
  printedBy: (name: string, when: string) => string;
  statuses: Record<RecordStatus, string>;
  /** The workflow engine's ActionType values (workflow_history.action_type). */
  actions: Record<string, string>;
}

const en: PrintTexts = {
  entry: 'Entry',
  status: 'Status',
  createdBy: 'Created by',
  createdOn: 'Created at',
  modifiedOn: 'Modified at',
  workflowHistory: 'Workflow history',
  noHistory: 'Nothing has happened in the workflow yet.',
  step: 'Step',
  by: 'By',
  action: 'Action',
  when: 'When',
  comment: 'Comment',
  comments: 'Comments',
  noComments: 'No comments yet.',
  newestComments: (shown, total) => `The newest ${shown} of ${total} comments.`,
  noRows: 'No rows',
  yes: 'Yes',
  no: 'No',
  signed: 'Signed',
  printedBy: (name, when) => `Printed by ${name} on ${when}`,
  statuses: {
    Draft: 'Draft',
    'In Progress': 'In Progress',
    Completed: 'Completed',
    Faulted: 'Faulted',
    Starting: 'Starting',
    Returned: 'Returned',
  },
  actions: {
    Started: 'Started',
    Assigned: 'Assigned',
    Reassigned: 'Reassigned',
    Approve: 'Approved',
    Reject: 'Rejected',
    Completed: 'Completed',
    Returned: 'Returned to the submitter',
    Resubmitted: 'Resubmitted',
    SendBack: 'Sent back',
    Withdraw: 'Withdrawn',
    Restart: 'Restarted',
    Executed: 'Ran',
    Faulted: 'Failed',
    Retry: 'Retried',
    Finished: 'Finished',
  },
};

const de: PrintTexts = {
  entry: 'Eintrag',
  status: 'Status',
  createdBy: 'Erstellt von',
  createdOn: 'Erstellt am',
  modifiedOn: 'Geändert am',
  workflowHistory: 'Workflow-Verlauf',
  noHistory: 'Im Workflow ist noch nichts geschehen.',
  step: 'Schritt',
  by: 'Von',
  action: 'Aktion',
  when: 'Zeitpunkt',
  comment: 'Kommentar',
  comments: 'Kommentare',
  noComments: 'Noch keine Kommentare.',
  newestComments: (shown, total) => `Die neuesten ${shown} von ${total} Kommentaren.`,
  noRows: 'Keine Zeilen',
  yes: 'Ja',
  no: 'Nein',
  signed: 'Unterschrieben',
  printedBy: (name, when) => `Gedruckt von ${name} am ${when}`,
  statuses: {
    Draft: 'Entwurf',
    'In Progress': 'In Bearbeitung',
    Completed: 'Abgeschlossen',
    Faulted: 'Fehlerhaft',
    Starting: 'Wird gestartet',
    Returned: 'Zurückgegeben',
  },
  actions: {
    Started: 'Gestartet',
    Assigned: 'Zugewiesen',
    Reassigned: 'Neu zugewiesen',
    Approve: 'Genehmigt',
    Reject: 'Abgelehnt',
    Completed: 'Abgeschlossen',
    Returned: 'An die einreichende Person zurückgegeben',
    Resubmitted: 'Erneut eingereicht',
    SendBack: 'Zurückgesendet',
    Withdraw: 'Zurückgezogen',
    Restart: 'Neu gestartet',
    Executed: 'Ausgeführt',
    Faulted: 'Fehlgeschlagen',
    Retry: 'Wiederholt',
    Finished: 'Beendet',
  },
};

const es: PrintTexts = {
  entry: 'Entrada',
  status: 'Estado',
  createdBy: 'Creado por',
  createdOn: 'Creado el',
  modifiedOn: 'Modificado el',
  workflowHistory: 'Historial del flujo de trabajo',
  noHistory: 'Todavía no ha ocurrido nada en el flujo de trabajo.',
  step: 'Paso',
  by: 'Por',
  action: 'Acción',
  when: 'Fecha',
  comment: 'Comentario',
  comments: 'Comentarios',
  noComments: 'Todavía no hay comentarios.',
  newestComments: (shown, total) => `Los ${shown} comentarios más recientes de ${total}.`,
  noRows: 'Sin filas',
  yes: 'Sí',
  no: 'No',
  signed: 'Firmado',
  printedBy: (name, when) => `Impreso por ${name} el ${when}`,
  statuses: {
    Draft: 'Borrador',
    'In Progress': 'En curso',
    Completed: 'Completado',
    Faulted: 'Con errores',
    Starting: 'Iniciando',
    Returned: 'Devuelto',
  },
  actions: {
    Started: 'Iniciado',
    Assigned: 'Asignado',
    Reassigned: 'Reasignado',
    Approve: 'Aprobado',
    Reject: 'Rechazado',
    Completed: 'Completado',
    Returned: 'Devuelto a quien lo envió',
    Resubmitted: 'Reenviado',
    SendBack: 'Devuelto',
    Withdraw: 'Retirado',
    Restart: 'Reiniciado',
    Executed: 'Ejecutado',
    Faulted: 'Con error',
    Retry: 'Reintentado',
    Finished: 'Finalizado',
  },
};

const fr: PrintTexts = {
  entry: 'Saisie',
  status: 'Statut',
  createdBy: 'Créé par',
  createdOn: 'Créé le',
  modifiedOn: 'Modifié le',
  workflowHistory: 'Historique du workflow',
  noHistory: "Rien ne s'est encore passé dans le workflow.",
  step: 'Étape',
  by: 'Par',
  action: 'Action',
  when: 'Date',
  comment: 'Commentaire',
  comments: 'Commentaires',
  noComments: "Aucun commentaire pour l'instant.",
  newestComments: (shown, total) => `Les ${shown} commentaires les plus récents sur ${total}.`,
  noRows: 'Aucune ligne',
  yes: 'Oui',
  no: 'Non',
  signed: 'Signé',
  printedBy: (name, when) => `Imprimé par ${name} le ${when}`,
  statuses: {
    Draft: 'Brouillon',
    'In Progress': 'En cours',
    Completed: 'Terminé',
    Faulted: 'En erreur',
    Starting: 'Démarrage',
    Returned: 'Renvoyé',
  },
  actions: {
    Started: 'Lancé',
    Assigned: 'Attribué',
    Reassigned: 'Réattribué',
    Approve: 'Approuvé',
    Reject: 'Refusé',
    Completed: 'Terminé',
    Returned: 'Rendu à la personne qui l’a soumis',
    Resubmitted: 'Soumis à nouveau',
    SendBack: 'Retourné',
    Withdraw: 'Retiré',
    Restart: 'Relancé',
    Executed: 'Exécuté',
    Faulted: 'En erreur',
    Retry: 'Réessayé',
    Finished: 'Fini',
  },
};

const ja: PrintTexts = {
  entry: 'エントリ',
  status: 'ステータス',
  createdBy: '作成者',
  createdOn: '作成日時',
  modifiedOn: '更新日時',
  workflowHistory: 'ワークフロー履歴',
  noHistory: 'ワークフローではまだ何も行われていません。',
  step: 'ステップ',
  by: '実行者',
  action: '操作',
  when: '日時',
  comment: 'コメント',
  comments: 'コメント',
  noComments: 'まだコメントはありません。',
  newestComments: (shown, total) => `全 ${total} 件のうち最新の ${shown} 件のコメントです。`,
  noRows: '行がありません',
  yes: 'はい',
  no: 'いいえ',
  signed: '署名済み',
  printedBy: (name, when) => `印刷者: ${name}（${when}）`,
  statuses: {
    Draft: '下書き',
    'In Progress': '進行中',
    Completed: '完了',
    Faulted: 'エラー',
    Starting: '開始中',
    Returned: '差し戻し',
  },
  actions: {
    Started: '開始',
    Assigned: '割り当て',
    Reassigned: '再割り当て',
    Approve: '承認',
    Reject: '却下',
    Completed: '完了',
    Returned: '提出者に返却',
    Resubmitted: '再提出',
    SendBack: '差し戻し',
    Withdraw: '取り下げ',
    Restart: '再開始',
    Executed: '実行',
    Faulted: 'エラー',
    Retry: '再試行',
    Finished: '終了',
  },
};

const zh: PrintTexts = {
  entry: '条目',
  status: '状态',
  createdBy: '创建人',
  createdOn: '创建时间',
  modifiedOn: '修改时间',
  workflowHistory: '工作流历史',
  noHistory: '工作流中尚未发生任何操作。',
  step: '步骤',
  by: '操作人',
  action: '操作',
  when: '时间',
  comment: '备注',
  comments: '评论',
  noComments: '暂无评论。',
  newestComments: (shown, total) => `共 ${total} 条评论，显示最新的 ${shown} 条。`,
  noRows: '没有行',
  yes: '是',
  no: '否',
  signed: '已签名',
  printedBy: (name, when) => `打印人：${name}，打印时间：${when}`,
  statuses: {
    Draft: '草稿',
    'In Progress': '进行中',
    Completed: '已完成',
    Faulted: '出错',
    Starting: '启动中',
    Returned: '已退回',
  },
  actions: {
    Started: '已启动',
    Assigned: '已分配',
    Reassigned: '已重新分配',
    Approve: '已批准',
    Reject: '已驳回',
    Completed: '已完成',
    Returned: '已退还给提交人',
    Resubmitted: '已重新提交',
    SendBack: '已退回',
    Withdraw: '已撤回',
    Restart: '已重新启动',
    Executed: '已执行',
    Faulted: '出错',
    Retry: '已重试',
    Finished: '已结束',
  },
};

export const PRINT_TEXTS: Readonly<Record<Language, PrintTexts>> = { en, de, es, fr, ja, zh };
