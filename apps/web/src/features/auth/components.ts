// The frame of the signed-out pages, for the other signed-out pages (the domain entry page).
export { AuthFrame, AuthTitle } from './components/auth-layout.tsx';
