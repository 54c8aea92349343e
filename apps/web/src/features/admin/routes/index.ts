// The admin area's route modules, bundled as one chunk that the router loads on entering /admin.
export * as guard from './admin-guard';
export * as layout from './admin-layout';
export * as index from './admin-index';
export * as codePrint from './code-print';
export * as courses from './courses';
export * as courseNew from './course-new';
export * as courseEditor from './course-editor';
export * as lessonNew from './lesson-new';
export * as lessonEdit from './lesson-edit';
export * as codes from './codes';
export * as codeBatch from './code-batch';
export * as students from './students';
export * as student from './student';
export * as quizResults from './quiz-results';
export * as site from './site';
export * as auditLog from './audit-log';
export * as notFound from './admin-not-found';
